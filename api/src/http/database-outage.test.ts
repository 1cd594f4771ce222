import pg from 'pg';
import { createTestDatabase, startTestApp, type TestApp } from '../../test/app';
import { createCampaign, createUser, type TestUser } from '../../test/factories';
import { TcpRelay } from '../../test/tcp-relay';
import { ormConfig } from '../db/orm.config';

/*
 * PostgreSQL restarting under a running api, without restarting the test run's shared cluster: the
 * api reaches its database through a TCP relay that this test takes down (every connection cut,
 * new ones refused) and brings back. A restart is a wait, never a 500; an outage longer than the
 * pool waits is a 503 with Retry-After. The pool waits POOL_WAIT_MS here instead of the api's 15 s
 * (the rest of its settings as they are), so the long outage costs seconds, not a minute; it still
 * outlasts the short outages below several times over.
 */
const POOL_WAIT_MS = 4_000;
let relay: TcpRelay;
let app: TestApp;
let owner: TestUser;
let directUrl: string;

beforeAll(async () => {
  directUrl = await createTestDatabase();
  const url = new URL(directUrl);
  relay = new TcpRelay(url.hostname, Number(url.port));
  await relay.up();
  url.hostname = '127.0.0.1';
  url.port = String(relay.port);
  const pool = { ...ormConfig(directUrl).pool, acquireTimeoutMillis: POOL_WAIT_MS };
  app = await startTestApp({ DATABASE_URL: url.toString() }, { orm: { pool } });
  owner = await createUser(app);
  await createCampaign(owner, 'The Long Night');
}, 60_000);
afterAll(async () => {
  await app?.close();
  await relay?.down();
});

const campaignsOverRest = () => owner.client.get('/api/get_campaigns/');
const campaignsOverGraphql = () => owner.client.gql('{ campaigns { title } }');

test('requests made while PostgreSQL restarts wait for it and then succeed', async () => {
  expect((await campaignsOverRest()).status).toBe(200);
  await relay.down();
  const rest = campaignsOverRest();
  const graphql = campaignsOverGraphql();
  await new Promise((r) => setTimeout(r, 1500));
  await relay.up();
  const [restAnswer, graphqlAnswer] = await Promise.all([rest, graphql]);
  expect(restAnswer.status).toBe(200);
  expect(JSON.stringify(restAnswer.body)).toContain('The Long Night');
  expect(graphqlAnswer.body).toEqual({ data: { campaigns: [{ title: 'The Long Night' }] } });
}, 60_000);

test('a read cut off mid-query by the restart is read again on a fresh connection, not failed', async () => {
  expect((await campaignsOverGraphql()).status).toBe(200);
  // Another session (not through the relay) holds the campaigns table, so the api's read of it is
  // in flight, after the viewer was looked up, when every connection is cut.
  const direct = new pg.Client({ connectionString: directUrl });
  await direct.connect();
  try {
    await direct.query('begin');
    await direct.query('lock table campaigns in access exclusive mode');
    const graphql = campaignsOverGraphql();
    for (let tries = 0; (await waitingOnLock(direct)) === 0; tries++) {
      if (tries > 100) throw new Error('the api never read the locked table');
      await new Promise((r) => setTimeout(r, 100));
    }
    await relay.down();
    await direct.query('commit');
    await new Promise((r) => setTimeout(r, 1000));
    await relay.up();
    const answer = await graphql;
    expect(answer.body).toEqual({ data: { campaigns: [{ title: 'The Long Night' }] } });
  } finally {
    await direct.end();
    await relay.up();
  }
}, 60_000);

/** Sessions of this database waiting for a lock (the api's read of the locked table). */
async function waitingOnLock(direct: pg.Client): Promise<number> {
  const { rows } = await direct.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
  );
  return rows[0].n;
}

test('an outage longer than the pool waits answers 503 with Retry-After, never a 500 or internals', async () => {
  await relay.down();
  try {
    // Both meet the outage where every request starts, working out who is calling.
    for (const answer of await Promise.all([campaignsOverRest(), campaignsOverGraphql()])) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.body).toEqual({
        error: 'Questlog is briefly unavailable. Please try again in a moment.',
        code: 'UNAVAILABLE',
      });
    }
  } finally {
    await relay.up();
  }
  expect((await campaignsOverRest()).status).toBe(200);
}, 90_000);
