import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import net from 'node:net';

/** A service this process started (PostgreSQL aside): it never outlives us and keeps its last words. */
export interface TiedChild extends ChildProcess {
  /** The end of what it printed, so a failed start can say why. */
  lastOutput(): string;
  /** Set when it could not be started at all (EACCES, ENOENT): it then never exits. */
  spawnError?: Error;
}

/** Whether a child has ended, or never began. */
export function ended(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null || (child as TiedChild).spawnError !== undefined;
}

/**
 * Spawns a service as our child, its output piped to `log`. Whatever ends this process
 * (process.exit in a signal handler, a crash), the child is sent `exitSignal` (SIGTERM) on the way
 * out. A binary that cannot be run is recorded in spawnError, not thrown as an unhandled 'error'.
 */
export function spawnTied(
  command: string,
  args: string[],
  log: (line: string) => void = () => undefined,
  { exitSignal = 'SIGTERM', ...options }: SpawnOptions & { exitSignal?: NodeJS.Signals } = {},
  keep = 2000,
): TiedChild {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] }) as TiedChild;
  const killOnExit = () => child.kill(exitSignal);
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  let output = '';
  child.on('error', (err) => {
    child.spawnError ??= err;
    output += `\n${err.message}`;
    process.removeListener('exit', killOnExit);
  });
  const onOutput = (d: Buffer) => {
    output = (output + d.toString()).slice(-keep);
    log(d.toString().trim());
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  child.lastOutput = () => output;
  return child;
}

/** Resolves once the child accepts connections on `port`; a child that exits or stays deaf is stopped and refused. */
export async function waitForPort(child: ChildProcess, port: number, timeoutMs: number, name: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const tied = child as TiedChild;
    if (tied.spawnError) throw new Error(`${name} could not be started: ${tied.spawnError.message}`);
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    if (await canConnect(port)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopChild(child);
  throw new Error(`${name} did not listen on port ${port} within ${timeoutMs / 1000}s`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** SIGTERM, then SIGKILL after 5 s: a service that ignores the first signal must not outlive us. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (ended(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
