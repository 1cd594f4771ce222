import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { MikroORM, Options } from '@mikro-orm/postgresql';
import { Connection } from '@temporalio/client';
import { loadConfig, type Config } from '../src/config/config';
import { connectDatabase } from '../src/db/orm';
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

/** A new, empty database on the test run's PostgreSQL cluster; returns its URL. */
export async function createTestDatabase(): Promise<string> {
  const { templateUrl } = readRuntime();
  const dbName = `questlog_test_${process.env.JEST_WORKER_ID ?? '0'}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: templateUrl.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  return templateUrl.replace(/\/[^/]+$/, `/${dbName}`);
}

/**
 * A fresh database with every migration applied, and the real server on a free port.
 * One per test file (call in beforeAll); files run in parallel without sharing rows. `orm` scales
 * a MikroORM setting down for a test that waits it out (the pool's wait in the outage test).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  { orm: ormOverrides }: { orm?: Partial<Options> } = {},
): Promise<TestApp> {
  const runtime = readRuntime();
  const databaseUrl = await createTestDatabase();
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
