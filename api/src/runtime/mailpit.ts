import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawnTied, stopChild, waitForPort, type TiedChild } from './child-process';

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
  /** Mailpit's web inbox; its API is under /api/v1, a message's text at /view/<id>.txt. */
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
  const child = spawnTied(binary, args, opts.log);
  try {
    await waitForGreeting(child, opts.smtpPort, 30_000);
    await waitForPort(child, opts.uiPort, 30_000, 'Mailpit');
  } catch (err) {
    await stopChild(child);
    throw new Error(`${(err as Error).message}\n${child.lastOutput().trim()}`);
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${opts.smtpPort}`,
    httpUrl: `http://127.0.0.1:${opts.uiPort}`,
    stop: () => stopChild(child),
  };
}

/**
 * Resolves once Mailpit itself answers on `port` with its SMTP greeting. An open port alone is not
 * enough: another program on it would take the mail, while Mailpit, failing to bind, exits.
 */
async function waitForGreeting(child: ChildProcess, port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { spawnError } = child as TiedChild;
    if (spawnError) throw new Error(`Mailpit could not be started: ${spawnError.message}`);
    if (child.exitCode !== null) throw new Error(`Mailpit exited with code ${child.exitCode}`);
    if (/^220 .*Mailpit/.test(await greeting(port))) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Mailpit did not answer on SMTP port ${port} within ${timeoutMs / 1000}s`);
}

/** The first line a server on `port` sends, or '' (nothing listening, or silent for a second). */
function greeting(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (line: string) => {
      socket.destroy();
      resolve(line);
    };
    socket.setTimeout(1000, () => done(''));
    socket.once('data', (d) => done(d.toString()));
    socket.once('error', () => done(''));
  });
}
