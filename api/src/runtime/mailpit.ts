import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stopChild, waitForPort } from './temporal-dev-server';

export interface MailpitOptions {
  /** The binary scripts/setup.sh builds into .tools/ (`go install github.com/axllent/mailpit`). */
  binary: string;
  smtpPort: number;
  /** Its HTTP API (and web inbox page). */
  uiPort: number;
  /** Where caught mail is kept across restarts; unset = a temporary database removed on exit (tests). */
  database?: string;
  log?: (line: string) => void;
}

export interface EmbeddedMailpit {
  /** What SMTP_URL would be: where the app sends its mail. */
  smtpUrl: string;
  /** Mailpit's HTTP address: the API under /api/v1, a message's text at /view/<id>.txt. */
  httpUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts Mailpit, which catches every mail the app sends (nothing leaves the machine), on loopback
 * ports, and resolves once both its SMTP and HTTP ports accept connections. Like the Temporal dev
 * server it never outlives this process.
 */
export async function startMailpit(opts: MailpitOptions): Promise<EmbeddedMailpit> {
  const binary = path.resolve(opts.binary);
  if (!fs.existsSync(binary)) {
    throw new Error(`Mailpit not found at ${binary}: run "bash scripts/setup.sh" (it needs Go) or set SMTP_URL`);
  }
  const args = ['--smtp', `127.0.0.1:${opts.smtpPort}`, '--listen', `127.0.0.1:${opts.uiPort}`];
  // No internet here, and none wanted: the release check would only print an error.
  args.push('--disable-version-check', '--quiet');
  if (opts.database) {
    fs.mkdirSync(path.dirname(opts.database), { recursive: true });
    args.push('--database', path.resolve(opts.database));
  }
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  const log = opts.log ?? (() => undefined);
  let lastOutput = '';
  const onOutput = (d: Buffer) => {
    lastOutput = (lastOutput + d.toString()).slice(-2000);
    log(d.toString().trim());
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  try {
    await waitForPort(child, opts.smtpPort, 30_000, 'Mailpit');
    await waitForPort(child, opts.uiPort, 30_000, 'Mailpit');
  } catch (err) {
    await stopChild(child);
    throw new Error(`${(err as Error).message}\n${lastOutput.trim()}`);
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${opts.smtpPort}`,
    httpUrl: `http://127.0.0.1:${opts.uiPort}`,
    stop: () => stopChild(child),
  };
}
