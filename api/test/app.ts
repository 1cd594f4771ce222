import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { MikroORM, Options } from '@mikro-orm/postgresql';
import { Connection } from '@temporalio/client';
import { loadConfig, type Config } from '../src/config/config';
import { connectDatabase } from '../src/db/orm';
import { setBackgroundNiceness } from '../src/adapters/process/run-command';
import { startServer, type RunningServer } from '../src/server';
import { readRuntime } from './runtime-file';

export interface TestApp {
  url: string;
  orm: MikroORM;
  config: Config;
  temporal: Connection;
  server: RunningServer;
  close(): Promise<void>;
}

const adminUrl = (templateUrl: string) => templateUrl.replace(/\/[^/]+$/, '/postgres');
const urlOf = (templateUrl: string, name: string) => templateUrl.replace(/\/[^/]+$/, `/${name}`);

/** A new database on the test run's PostgreSQL cluster, empty or copied from `template`; returns its URL. */
export async function createTestDatabase(template?: string): Promise<string> {
  const { templateUrl } = readRuntime();
  const dbName = `questlog_test_${process.env.JEST_WORKER_ID ?? '0'}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl(templateUrl) });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${dbName}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  return urlOf(templateUrl, dbName);
}

/** Every migration applied, once per run: each app's database is a copy of it. */
const MIGRATED_TEMPLATE = 'questlog_migrated';

/**
 * A database with every migration applied, copied from a template the first caller of the run
 * migrates (under an advisory lock, as files run in parallel): a copy takes milliseconds where
 * applying the migrations took a quarter of a second per app (issue 27). The app still runs the
 * migrator on start, which finds nothing pending, as on any restart.
 */
async function createMigratedTestDatabase(): Promise<string> {
  const { templateUrl } = readRuntime();
  const admin = new pg.Client({ connectionString: adminUrl(templateUrl) });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [MIGRATED_TEMPLATE])).rowCount === 1;
    if (!(await exists())) {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATED_TEMPLATE]);
      try {
        if (!(await exists())) {
          // Migrated under another name and renamed when done, so no one copies a half-migrated one.
          const building = await createTestDatabase();
          const orm = await connectDatabase(building, { quiet: true });
          await orm.close();
          await admin.query(`ALTER DATABASE "${building.replace(/.*\//, '')}" RENAME TO "${MIGRATED_TEMPLATE}"`);
        }
      } finally {
        await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATED_TEMPLATE]);
      }
    }
  } finally {
    await admin.end();
  }
  return createTestDatabase(MIGRATED_TEMPLATE);
}

/**
 * A fresh database with every migration applied (a copy of the run's migrated template), and the
 * real server on a free port.
 * One per test file (call in beforeAll); files run in parallel without sharing rows. `orm` scales
 * a MikroORM setting down for a test that waits it out (the pool's wait in the outage test).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  { orm: ormOverrides }: { orm?: Partial<Options> } = {},
): Promise<TestApp> {
  const runtime = readRuntime();
  const databaseUrl = await createMigratedTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST: '',
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: runtime.temporalAddress,
    STT_URL: runtime.speechUrl,
    SMTP_URL: runtime.smtpUrl,
    RUN_WORKER: 'false',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ...env,
  });
  setBackgroundNiceness(config.BACKGROUND_NICENESS);
  // env may point DATABASE_URL elsewhere (a relay to the same database, to cut it off in a test).
  const orm = await connectDatabase(config.DATABASE_URL ?? databaseUrl, { quiet: true, overrides: ormOverrides });
  const temporal = await Connection.connect({ address: runtime.temporalAddress });
  const server = await startServer({ config, orm, temporal });
  return {
    url: server.url,
    orm,
    config,
    temporal,
    server,
    close: async () => {
      await server.close();
      await orm.close();
      await temporal.close();
    },
  };
}
