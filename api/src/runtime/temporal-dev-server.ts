import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedTemporal {
  address: string;
  uiUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts `temporal server start-dev` (built into .tools/ by scripts/setup.sh) with its sqlite file
 * under `dataDir`, and resolves once the frontend port accepts connections.
 */
export async function startTemporalDevServer(opts: {
  cli: string;
  dataDir: string;
  port: number;
  uiPort: number;
  log?: (line: string) => void;
}): Promise<EmbeddedTemporal> {
  const cli = path.resolve(opts.cli);
  if (!fs.existsSync(cli)) {
    throw new Error(`Temporal CLI not found at ${cli}: run "bash scripts/setup.sh" or set TEMPORAL_ADDRESS`);
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(opts.port)];
  args.push('--ui-port', String(opts.uiPort), '--db-filename', path.resolve(opts.dataDir, 'temporal.db'));
  args.push('--log-level', 'warn');
  const child = spawn(cli, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  // Whatever ends this process (process.exit in a signal handler, a crash), the server must not outlive it.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  const log = opts.log ?? (() => undefined);
  // Kept so a failed start can say why.
  let lastOutput = '';
  const onOutput = (d: Buffer) => {
    lastOutput = (lastOutput + d.toString()).slice(-2000);
    log(d.toString().trim());
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  try {
    await waitForPort(child, opts.port, 60_000);
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${lastOutput.trim()}`);
  }
  return {
    address: `127.0.0.1:${opts.port}`,
    uiUrl: `http://127.0.0.1:${opts.uiPort}`,
    stop: () => stopChild(child),
  };
}

/** Resolves once the child accepts connections on `port`; a child that exits or stays deaf is stopped and refused. */
export async function waitForPort(
  child: ChildProcess,
  port: number,
  timeoutMs: number,
  name = 'Temporal dev server',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
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

/** SIGTERM, then SIGKILL after 5 s: a dev server that ignores the first signal must not outlive us. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
