import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { ended, spawnTied, stopChild, type TiedChild } from './child-process';

/** The Python package of the speech service (docs/speech-contract.md), the same from src/ and dist/. */
const SPEECH_SERVICE_DIR = path.resolve(__dirname, '../../../speech');

export interface SpeechServiceOptions {
  /** The service's virtualenv interpreter (scripts/setup.sh builds .tools/speech). */
  python: string;
  port: number;
  /** CTranslate2 Whisper model directory: English (tiny.en) by default, any Whisper model works. */
  model: string;
  /** Used for non-English sessions when `model` is English-only; unset = English only. */
  multilingualModel?: string;
  device: 'cpu' | 'cuda' | 'auto';
  computeType: string;
  threads: number;
  workers: number;
  /** How much lower than the api it runs (BACKGROUND_NICENESS): the api serves people while it transcribes. */
  niceness: number;
  log?: (line: string) => void;
  /** Loading a large model on a slow disk takes a while; tiny.en loads in under a second. */
  startTimeoutMs?: number;
}

export interface EmbeddedSpeechService {
  /** OpenAI-compatible base URL (…/v1). */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the speech service as a child process and resolves once `/health` answers (models are
 * loaded before the port opens, so a listening service is warm). It is never orphaned: an exit
 * hook kills it, and the service itself exits when this process is gone (--parent-pid). If it
 * dies while the app runs it is started again with backoff; meanwhile transcription activities
 * retry, so sessions wait in "transcribing" instead of failing.
 */
export async function startSpeechService(opts: SpeechServiceOptions): Promise<EmbeddedSpeechService> {
  const python = path.resolve(opts.python);
  if (!fs.existsSync(python)) {
    throw new Error(`Speech service not installed at ${python}: run "bash scripts/setup.sh" or set STT_URL`);
  }
  for (const dir of [opts.model, opts.multilingualModel]) {
    if (dir && !fs.existsSync(dir))
      throw new Error(`Speech model not found at ${path.resolve(dir)}: run "bash scripts/setup.sh"`);
  }
  const log = opts.log ?? (() => undefined);
  const base = `http://127.0.0.1:${opts.port}`;
  let child = launch(python, opts, log);
  let stopped = false;
  let restarts = 0;

  const supervise = (running: ChildProcess) =>
    running.once('exit', (code, signal) => {
      if (stopped) return;
      const delay = Math.min(30_000, 1000 * 2 ** restarts++);
      log(`speech service exited (${signal ?? code}); starting it again in ${delay / 1000}s`);
      setTimeout(() => {
        if (stopped) return;
        child = launch(python, opts, log);
        supervise(child);
        void waitForHealth(child, base, opts.startTimeoutMs ?? 120_000).then(
          () => (restarts = 0),
          (err: Error) => log(`speech service restart failed: ${err.message}`),
        );
      }, delay).unref();
    });

  try {
    await waitForHealth(child, base, opts.startTimeoutMs ?? 120_000);
  } catch (err) {
    stopped = true;
    await stopChild(child);
    throw err;
  }
  supervise(child);
  return {
    url: `${base}/v1`,
    stop: async () => {
      stopped = true;
      await stopChild(child);
    },
  };
}

function launch(python: string, opts: SpeechServiceOptions, log: (line: string) => void): TiedChild {
  const args = ['-m', 'questlog_speech', '--host', '127.0.0.1', '--port', String(opts.port)];
  args.push('--model', path.resolve(opts.model));
  if (opts.multilingualModel) args.push('--multilingual-model', path.resolve(opts.multilingualModel));
  args.push('--device', opts.device, '--compute-type', opts.computeType);
  args.push('--threads', String(opts.threads), '--workers', String(opts.workers));
  args.push('--parent-pid', String(process.pid));
  const env = { ...process.env, PYTHONUNBUFFERED: '1' };
  const child = spawnTied(python, args, log, { cwd: SPEECH_SERVICE_DIR, env }, 4000);
  // Transcription is background work that can take both cores for minutes: at a lower priority it
  // yields the CPU to the api's requests (p95 of reads during processing: bench/load-fault.ts).
  // Threads the service starts later (the model's) inherit it.
  if (child.pid && opts.niceness > 0) lowerPriority(child.pid, opts.niceness);
  return child;
}

/** A system that refuses (a container without the capability) keeps the default. */
function lowerPriority(pid: number, niceness: number): void {
  try {
    os.setPriority(pid, niceness);
  } catch {
    /* the default priority still works, only less politely */
  }
}

async function waitForHealth(child: TiedChild, base: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (ended(child)) throw new Error(startFailure(child));
    const healthy = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Speech service did not answer on ${base} within ${timeoutMs / 1000}s\n${child.lastOutput().trim()}`);
}

/** The service's own `questlog-speech: …` line says what is wrong (bad model hash, missing model). */
function startFailure(child: TiedChild): string {
  const output = child.lastOutput();
  const own = output
    .split('\n')
    .reverse()
    .find((line) => line.startsWith('questlog-speech:'));
  return own
    ? `Speech service could not start: ${own.slice('questlog-speech:'.length).trim()}`
    : child.spawnError
      ? `Speech service could not be started: ${child.spawnError.message}`
      : `Speech service exited with code ${child.exitCode ?? child.signalCode}\n${output.trim()}`;
}
