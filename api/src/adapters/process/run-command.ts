import { spawn } from 'node:child_process';

export interface RunOptions {
  signal?: AbortSignal;
  /** Kill the child after this long; media tools can hang on odd input. */
  timeoutMs?: number;
  /** Called with each piece of stdout as it arrives (for progress). */
  onStdout?: (text: string) => void;
  /**
   * Background work (processing, not a request someone waits on): run at a lower priority
   * (BACKGROUND_NICENESS, +10 by default) so it yields the CPU to the api's requests. Through
   * coreutils' `nice`, so the command starts at it.
   */
  background?: boolean;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** How much lower background work runs than the api by default (config's BACKGROUND_NICENESS). */
export const DEFAULT_BACKGROUND_NICENESS = 10;

let backgroundNiceness = DEFAULT_BACKGROUND_NICENESS;

/**
 * How much lower background commands run from now on, in this whole process (a priority is the
 * process's, as os.setPriority's is): set once at the start from the config.
 */
export function setBackgroundNiceness(niceness: number): void {
  backgroundNiceness = niceness;
}

/** The file and arguments that start `command` as background work (RunOptions.background). */
export function inBackground(command: string, args: string[]): [string, string[]] {
  return backgroundNiceness > 0 ? ['nice', ['-n', String(backgroundNiceness), command, ...args]] : [command, args];
}

/** The child ran past its time limit and was killed. */
export class CommandTimeoutError extends Error {
  constructor(command: string, timeoutMs: number) {
    super(`${command} did not finish within ${Math.round(timeoutMs / 1000)} s`);
    this.name = 'CommandTimeoutError';
  }
}

/**
 * Runs a binary with an argument array (never through a shell, so file names cannot inject
 * commands) and resolves with its exit code and output; kills it on abort or time-out.
 */
export function runCommand(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const { signal, timeoutMs, onStdout, background } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      return;
    }
    const [file, argv] = background ? inBackground(command, args) : [command, args];
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let failure: Error | undefined;
    const kill = (error: Error) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const onAbort = () => kill(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = timeoutMs
      ? setTimeout(() => kill(new CommandTimeoutError(command, timeoutMs)), timeoutMs)
      : undefined;
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      onStdout?.(text);
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    const cleanUp = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      failure ??= error;
      // A binary that never started emits no 'close'.
      if (child.pid === undefined) {
        cleanUp();
        reject(error);
      }
    });
    child.on('close', (code) => {
      cleanUp();
      if (failure) reject(failure);
      else resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}
