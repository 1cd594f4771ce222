import { startTestApp, type TestApp } from '../../../test/app';
import { createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import { collect, eventually, subscriptionClient } from '../../../test/processing';
import { Session, SessionStatus } from '../../kernel/entities/session.entity';
import { PgNotifyPublisher, type SessionUpdate } from './session-events';
import { LISTENER_APPLICATION_NAME } from './session-listener';

const SUBSCRIPTION = `subscription($sessionId: ID, $campaignId: ID) {
  sessionUpdated(sessionId: $sessionId, campaignId: $campaignId) { sessionId campaignId status stage progress }
}`;
const RETRY = 'mutation($id: ID!) { retrySession(id: $id) { id status } }';
const VOCABULARY =
  'mutation($id: ID!, $v: String!) { setCampaignVocabulary(campaignId: $id, vocabulary: $v) { vocabulary } }';

let app: TestApp;
let owner: TestUser;
let recipient: TestUser;
let stranger: TestUser;
let campaignId: string;
let sessionId: string;
let publisher: PgNotifyPublisher;

beforeAll(async () => {
  app = await startTestApp();
  [owner, recipient, stranger] = await Promise.all([
    createUser(app, { email: 'gm@example.com' }),
    createUser(app, { email: 'player@example.com' }),
    createUser(app, { email: 'stranger@example.com' }),
  ]);
  campaignId = await createCampaign(owner);
  await owner.client.gql('mutation($c: ID!, $e: String!) { shareCampaign(campaignId: $c, email: $e) { id } }', {
    c: campaignId,
    e: recipient.email,
  });
  sessionId = (await createSession(app, campaignId, { status: SessionStatus.PROCESSING })).id;
  publisher = new PgNotifyPublisher(() => app.orm.em.fork());
}, 60_000);
afterAll(() => app?.close());

const update = (progress: number): SessionUpdate => ({
  sessionId,
  campaignId,
  status: SessionStatus.PROCESSING,
  stage: 'transcribe',
  progress,
});

/** Publishes until the subscriber has something (LISTEN and the subscription start asynchronously). */
/**
 * Publishes `progress` until that very update is delivered: earlier publishes of another value may
 * still arrive late, so "something arrived" is not proof the connection carries updates now.
 */
async function deliveredTo(values: Array<{ sessionUpdated: SessionUpdate }>, progress: number): Promise<void> {
  await eventually(
    async () => {
      await publisher.publish(update(progress));
      if (!values.some((v) => v.sessionUpdated.progress === progress)) throw new Error(`${progress} not delivered yet`);
    },
    10_000,
    200,
  );
}

async function refusal(user: TestUser | undefined, variables: Record<string, unknown>) {
  const ws = subscriptionClient(app, user);
  const sub = collect(ws, SUBSCRIPTION, variables);
  try {
    return await eventually(async () => {
      if (!sub.errors.length) throw new Error('not refused yet');
      return sub.errors[0];
    }, 10_000);
  } finally {
    await ws.dispose();
  }
}

test('owner and recipient watch a session or its campaign; a NOTIFY from any process reaches them', async () => {
  const ownerWs = subscriptionClient(app, owner);
  const recipientWs = subscriptionClient(app, recipient);
  const bySession = collect<{ sessionUpdated: SessionUpdate }>(ownerWs, SUBSCRIPTION, { sessionId });
  const byCampaign = collect<{ sessionUpdated: SessionUpdate }>(recipientWs, SUBSCRIPTION, { campaignId });
  await deliveredTo(bySession.values, 0.1);
  await deliveredTo(byCampaign.values, 0.1);
  // A session's subscription starts with the session as it stands; a campaign's with what comes next.
  expect(bySession.values[0].sessionUpdated).toEqual({ ...update(0), stage: null });
  expect(bySession.values[1].sessionUpdated).toEqual(update(0.1));
  expect(byCampaign.values[0].sessionUpdated).toEqual(update(0.1));
  expect([...bySession.errors, ...byCampaign.errors]).toEqual([]);
  await Promise.all([ownerWs.dispose(), recipientWs.dispose()]);
});

test('a session that changed before the subscription began is delivered as it stands first', async () => {
  // The page read the session PROCESSING; it became READY before the subscription listened, with no
  // update left to come. Without the first delivery that page would wait at 99 % for good.
  const finished = (await createSession(app, campaignId, { status: SessionStatus.PROCESSING })).id;
  await app.orm.em.fork().nativeUpdate(Session, { id: finished }, { status: SessionStatus.READY, progress: 1 });
  const ws = subscriptionClient(app, recipient);
  const sub = collect<{ sessionUpdated: SessionUpdate }>(ws, SUBSCRIPTION, { sessionId: finished });
  try {
    await eventually(async () => {
      if (!sub.values.length) throw new Error('nothing delivered yet');
    }, 10_000);
    expect(sub.values[0].sessionUpdated).toEqual({
      sessionId: finished,
      campaignId,
      status: SessionStatus.READY,
      stage: null,
      progress: 1,
    });
    expect(sub.errors).toEqual([]);
  } finally {
    await ws.dispose();
  }
});

test('others get not-found, the signed-out are refused, and exactly one id is required', async () => {
  expect(await refusal(stranger, { sessionId })).toMatchObject({
    message: 'Session not found',
    extensions: { code: 'NOT_FOUND' },
  });
  expect(await refusal(stranger, { campaignId })).toMatchObject({
    message: 'Campaign not found',
    extensions: { code: 'NOT_FOUND' },
  });
  expect(await refusal(undefined, { sessionId })).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
  expect(await refusal(owner, {})).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  expect(await refusal(owner, { sessionId, campaignId })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
});

test('the LISTEN connection comes back after PostgreSQL drops it', async () => {
  const ws = subscriptionClient(app, owner);
  const sub = collect<{ sessionUpdated: SessionUpdate }>(ws, SUBSCRIPTION, { sessionId });
  await deliveredTo(sub.values, 0.2);
  const killed = await app.orm.em
    .fork()
    .getConnection()
    .execute(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = ? and datname = current_database()`,
      [LISTENER_APPLICATION_NAME],
    );
  expect(killed.length).toBe(1);
  await deliveredTo(sub.values, 0.3);
  expect(sub.values.map((v) => v.sessionUpdated.progress)).toContain(0.3);
  await ws.dispose();
});

test('retrySession: owner only, FAILED sessions only', async () => {
  expect((await stranger.client.gql(RETRY, { id: sessionId })).body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  expect((await recipient.client.gql(RETRY, { id: sessionId })).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  const processing = await owner.client.gql(RETRY, { id: sessionId });
  expect(processing.body.errors?.[0]).toMatchObject({
    message: 'Only a session whose processing failed can be retried',
    extensions: { code: 'CONFLICT' },
  });
});

test('setCampaignVocabulary: owner only, bounded, readable by recipients', async () => {
  const set = await owner.client.gql(VOCABULARY, { id: campaignId, v: '  Meepo, Calcryx, Yusdrayl ' });
  expect(set.body.data.setCampaignVocabulary.vocabulary).toBe('Meepo, Calcryx, Yusdrayl');
  const read = await recipient.client.gql('query($id: ID!) { campaign(id: $id) { vocabulary } }', { id: campaignId });
  expect(read.body.data.campaign.vocabulary).toBe('Meepo, Calcryx, Yusdrayl');
  expect((await recipient.client.gql(VOCABULARY, { id: campaignId, v: 'x' })).body.errors?.[0].extensions?.code).toBe(
    'FORBIDDEN',
  );
  expect((await stranger.client.gql(VOCABULARY, { id: campaignId, v: 'x' })).body.errors?.[0].extensions?.code).toBe(
    'NOT_FOUND',
  );
  const long = await owner.client.gql(VOCABULARY, { id: campaignId, v: 'x'.repeat(2001) });
  expect(long.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
});
