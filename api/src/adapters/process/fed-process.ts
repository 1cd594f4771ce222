import { spawn } from 'node:child_process';
import { CommandTimeoutError, inBackground, type RunResult } from './run-command';

/** A child process fed through its stdin as bytes arrive (runCommand's counterpart for streams). */
export interface FedProcess {
  /** False once it stopped reading: it exited, was killed, or its input was ended. */
  readonly reading: boolean;
  /**
   * Writes to its stdin; a promise when the pipe is full, settled when it drains or the process
   * stops reading, so the writer goes no faster than the process reads (and buffers nothing more).
   */
  write(chunk: Buffer): Promise<void> | undefined;
  /** Ends its input; from then on it is killed if it runs longer than `timeoutMs`. */
  end(timeoutMs?: number): void;
  kill(): void;
  /** Its exit code and output; rejects when it could not start, was killed, or timed out. */
  readonly exited: Promise<RunResult>;
}

export interface FedOptions {
  /** Run at a lower priority, as runCommand's background work does. */
  background?: boolean;
  /** Keep only the last this many characters of stdout (output that repeats, such as progress). */
  stdoutTail?: number;
  /** Called with stderr so far (the first STDERR_KEPT characters) whenever more arrives. */
  onStderr?: (stderr: string) => void;
}

/** Enough for every message a damaged file draws; a stream of garbage could otherwise fill memory. */
const STDERR_KEPT = 64 * 1024;

/** Spawns `command` with an argument array (never a shell) and a stdin to feed. */
export function feedProcess(command: string, args: string[], options: FedOptions = {}): FedProcess {
  const { background, stdoutTail, onStderr } = options;
  const [file, argv] = background ? inBackground(command, args) : [command, args];
  const child = spawn(file, argv, { stdio: ['pipe', 'pipe', 'pipe'] });
  let running = true;
  let failure: Error | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stdout = '';
  let stderr = '';
  // EPIPE when the process stops reading before the input ends; its exit says why.
  child.stdin.on('error', () => undefined);
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
    if (stdoutTail && stdout.length > 2 * stdoutTail) stdout = stdout.slice(-stdoutTail);
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    if (stderr.length >= STDERR_KEPT) return;
    stderr = (stderr + text).slice(0, STDERR_KEPT);
    onStderr?.(stderr);
  });
  const exited = new Promise<RunResult>((resolve, reject) => {
    child.on('error', (error) => {
      failure ??= error;
      // A binary that never started emits no 'close'.
      if (child.pid === undefined) reject(error);
    });
    child.on('exit', () => (running = false));
    child.on('close', (code) => {
      running = false;
      clearTimeout(timer);
      if (failure) reject(failure);
      else resolve({ code: code ?? -1, stdout, stderr });
    });
  });
  exited.catch(() => undefined);
  const stop = (error: Error) => {
    failure ??= error;
    running = false;
    child.kill('SIGKILL');
  };

  return {
    get reading() {
      return running && child.stdin.writable;
    },
    write(chunk) {
      if (!this.reading || child.stdin.write(chunk)) return undefined;
      return new Promise<void>((resolve) => {
        const done = () => {
          child.stdin.off('drain', done).off('close', done);
          child.off('exit', done);
          resolve();
        };
        child.stdin.on('drain', done).on('close', done);
        child.on('exit', done);
      });
    },
    end(timeoutMs) {
      child.stdin.end();
      // Ended twice (a damaged decode ends ffprobe's input, then the upload's end does): the later
      // bound replaces the earlier, whose timer would otherwise outlive the process by up to its length.
      if (!timeoutMs || !running) return;
      clearTimeout(timer);
      timer = setTimeout(() => stop(new CommandTimeoutError(command, timeoutMs)), timeoutMs);
    },
    kill: () => stop(new Error(`${command} was stopped`)),
    exited,
  };
}
