import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const repo = path.resolve(__dirname, '../..');

export interface EntryProcess {
  child: ChildProcess;
  /** Ctrl-C in a terminal: SIGINT to every process of the group, the app's children included. */
  interruptGroup(): void;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Waits until the output matches or the process exits; false on timeout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<boolean>;
}

/**
 * Runs an api entry point (e.g. api/src/main.ts) from source as its own Node process, the way
 * `npm start` runs the built one, so tests can signal it and watch it exit. `env` replaces the
 * environment (PATH kept), so the developer's own variables cannot leak in.
 */
export function spawnEntry(entry: string, env: Record<string, string>, args: string[] = []): EntryProcess {
  const child = spawn(process.execPath, ['-r', './api/test/swc-register.cjs', entry, ...args], {
    cwd: repo,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as a terminal gives `npm start`, so a test can Ctrl-C the whole group.
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output) && child.exitCode === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    return pattern.test(output);
  };
  return { child, output: () => output, exited, waitFor, interruptGroup: () => process.kill(-child.pid!, 'SIGINT') };
}

/** Processes whose command line names `dir` (the embedded PostgreSQL and Temporal dev server do). */
export function processesUsing(dir: string): string[] {
  const lines = execFileSync('ps', ['-eo', 'pid=,args=']).toString().split('\n');
  return lines.filter((l) => l.includes(dir) && !l.includes('ps -eo'));
}
