import fs from 'node:fs';
import path from 'node:path';
import { spawnTied, stopChild, waitForPort } from './child-process';

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
  const child = spawnTied(cli, args, opts.log);
  try {
    await waitForPort(child, opts.port, 60_000, 'Temporal dev server');
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${child.lastOutput().trim()}`);
  }
  return {
    address: `127.0.0.1:${opts.port}`,
    uiUrl: `http://127.0.0.1:${opts.uiPort}`,
    stop: () => stopChild(child),
  };
}
