import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { stopChild, waitForPort } from '../src/runtime/temporal-dev-server';

export interface StripeMock {
  /** Base URL for STRIPE_API_BASE, e.g. http://127.0.0.1:41234. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts stripe-mock (built into .tools/ by scripts/setup.sh) on `port` and resolves once it
 * accepts connections. It is stateless: it checks every request against Stripe's OpenAPI
 * description and answers with fixtures, so tests prove request shapes, not stored objects.
 */
export async function startStripeMock(opts: { binary: string; port: number }): Promise<StripeMock> {
  if (!fs.existsSync(opts.binary)) {
    throw new Error(`stripe-mock not found at ${opts.binary}: run "bash scripts/setup.sh" (it needs Go)`);
  }
  // stripe-mock also serves HTTPS, on 12112 unless told otherwise, and reads PORT from the environment:
  // an empty port lets the system choose, so two runs on one machine never collide.
  const { PORT: _port, ...env } = process.env;
  const child = spawn(opts.binary, ['-http-addr', `127.0.0.1:${opts.port}`, '-https-addr', '127.0.0.1:'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Whatever ends the test run (a crash, process.exit), stripe-mock must not outlive it.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-2000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitForPort(child, opts.port, 30_000, 'stripe-mock');
  } catch (err) {
    await stopChild(child);
    throw new Error(`${(err as Error).message}\n${output.trim()}`);
  }
  return { url: `http://127.0.0.1:${opts.port}`, stop: () => stopChild(child) };
}
