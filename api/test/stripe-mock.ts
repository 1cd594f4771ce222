import fs from 'node:fs';
import { spawnTied, stopChild, waitForPort } from '../src/runtime/child-process';

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
  const args = ['-http-addr', `127.0.0.1:${opts.port}`, '-https-addr', '127.0.0.1:'];
  const child = spawnTied(opts.binary, args, undefined, { env });
  try {
    await waitForPort(child, opts.port, 30_000, 'stripe-mock');
  } catch (err) {
    await stopChild(child);
    throw new Error(`${(err as Error).message}\n${child.lastOutput().trim()}`);
  }
  return { url: `http://127.0.0.1:${opts.port}`, stop: () => stopChild(child) };
}
