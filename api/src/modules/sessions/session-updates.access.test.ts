import { randomUUID } from 'node:crypto';
import { createClient, type Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import {
  appWithUsers,
  countQueries,
  createCampaign,
  createSession,
  createSharedCampaign,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { eventually, subscriptionClient } from '../../../test/processing';
import { SessionStatus } from '../../kernel/entities/session.entity';
import { PgNotifyPublisher, type SessionUpdate } from './session-events';

/*
 * A subscription decides access again before every update it delivers: what was allowed when it
 * started may have been taken back since (a removed share, a deleted session, a logout, a revoked
 * token). Each test starts watching, proves updates flow, takes access away, and checks that the
 * very next update is the refusal a new subscription would get, after which the subscription ends.
 */

const SUBSCRIPTION = `subscription($sessionId: ID, $campaignId: ID) {
  sessionUpdated(sessionId: $sessionId, campaignId: $campaignId) { sessionId campaignId status stage progress }
}`;

const ctx = appWithUsers(['owner']);
let publisher: PgNotifyPublisher;

beforeAll(() => {
  publisher = new PgNotifyPublisher(() => ctx.app.orm.em.fork());
});

interface Watch {
  values: SessionUpdate[];
  errors: Array<{ message: string; extensions?: Record<string, unknown> }>;
  completed: boolean;
}

function watch(ws: WsClient, variables: Record<string, unknown>): Watch {
  const seen: Watch = { values: [], errors: [], completed: false };
  ws.subscribe<{ sessionUpdated: SessionUpdate }>(
    { query: SUBSCRIPTION, variables },
    {
      next: (v) =>
        v.errors ? seen.errors.push(...(v.errors as Watch['errors'])) : seen.values.push(v.data!.sessionUpdated),
      error: (err) => seen.errors.push({ message: String(err) }),
      complete: () => (seen.completed = true),
    },
  );
  return seen;
}

const update = (sessionId: string, campaignId: string, progress: number): SessionUpdate => ({
  sessionId,
  campaignId,
  status: SessionStatus.PROCESSING,
  stage: 'transcribe',
  progress,
});

/** Publishes `progress` until it reaches every watcher (LISTEN and subscriptions start asynchronously). */
async function flowing(target: { sessionId: string; campaignId: string }, progress: number, ...watches: Watch[]) {
  await eventually(
    async () => {
      await publisher.publish(update(target.sessionId, target.campaignId, progress));
      if (!watches.every((w) => w.values.some((v) => v.progress === progress))) throw new Error('not delivered yet');
    },
    10_000,
    200,
  );
}

/** Publishes `progress` until every watcher has ended; returns what the refusal said. */
async function refusedAfter(target: { sessionId: string; campaignId: string }, progress: number, ...watches: Watch[]) {
  await eventually(
    async () => {
      await publisher.publish(update(target.sessionId, target.campaignId, progress));
      if (!watches.every((w) => w.completed)) throw new Error('still open');
    },
    10_000,
    200,
  );
  for (const w of watches) expect(w.values.map((v) => v.progress)).not.toContain(progress);
  return watches.map((w) => w.errors);
}

/** The refusal a brand-new subscription to an id that does not exist gets. */
async function refusalOfMissing(user: TestUser, variables: Record<string, unknown>) {
  const ws = subscriptionClient(ctx.app, user);
  const w = watch(ws, variables);
  await eventually(async () => {
    if (!w.completed) throw new Error('not refused yet');
  }, 10_000);
  await ws.dispose();
  return w.errors;
}

async function sharedCampaign(recipient: TestUser) {
  const campaignId = await createSharedCampaign(ctx.owner, recipient, `Shared ${randomUUID()}`);
  const sessionId = (await createSession(ctx.app, campaignId, { status: SessionStatus.PROCESSING })).id;
  return { campaignId, sessionId };
}

test('a share removed while watching: the next update is the not-found a missing id gets, and the owner still watches', async () => {
  const recipient = await createUser(ctx.app);
  const target = await sharedCampaign(recipient);
  const [ownerWs, recipientWs] = [subscriptionClient(ctx.app, ctx.owner), subscriptionClient(ctx.app, recipient)];
  const ownerWatch = watch(ownerWs, { sessionId: target.sessionId });
  const bySession = watch(recipientWs, { sessionId: target.sessionId });
  const byCampaign = watch(recipientWs, { campaignId: target.campaignId });
  await flowing(target, 0.1, ownerWatch, bySession, byCampaign);

  const shares = await recipient.client.gql('{ sharedCampaigns { id } }');
  const removed = await recipient.client.gql('mutation($id: ID!) { removeSharedCampaign(shareId: $id) }', {
    id: shares.body.data.sharedCampaigns[0].id,
  });
  expect(removed.body.errors).toBeUndefined();

  const [sessionRefusal, campaignRefusal] = await refusedAfter(target, 0.2, bySession, byCampaign);
  expect(sessionRefusal).toEqual(await refusalOfMissing(recipient, { sessionId: randomUUID() }));
  expect(campaignRefusal).toEqual(await refusalOfMissing(recipient, { campaignId: randomUUID() }));
  expect(sessionRefusal).toEqual([expect.objectContaining({ message: 'Session not found' })]);
  expect(campaignRefusal).toEqual([expect.objectContaining({ message: 'Campaign not found' })]);
  expect(sessionRefusal[0].extensions).toMatchObject({ code: 'NOT_FOUND' });

  // The owner's subscription is untouched, and still gets updates.
  await flowing(target, 0.3, ownerWatch);
  expect(ownerWatch.completed).toBe(false);
  expect(ownerWatch.errors).toEqual([]);
  await Promise.all([ownerWs.dispose(), recipientWs.dispose()]);
});

test('a session deleted while watching: its watcher is told it is not found, and the subscription ends', async () => {
  const campaignId = await createCampaign(ctx.owner);
  const target = { campaignId, sessionId: (await createSession(ctx.app, campaignId)).id };
  const ws = subscriptionClient(ctx.app, ctx.owner);
  const w = watch(ws, { sessionId: target.sessionId });
  await flowing(target, 0.1, w);
  const deleted = await ctx.owner.client.gql(
    'mutation($id: ID!, $p: String!) { deleteSession(id: $id, password: $p) }',
    {
      id: target.sessionId,
      p: ctx.owner.password,
    },
  );
  expect(deleted.body.errors).toBeUndefined();
  const [refusal] = await refusedAfter(target, 0.2, w);
  expect(refusal).toEqual([expect.objectContaining({ message: 'Session not found' })]);
  await ws.dispose();
});

test('a logout behind a cookie socket: the next update asks to sign in', async () => {
  const user = await createUser(ctx.app);
  const campaignId = await createCampaign(user);
  const target = { campaignId, sessionId: (await createSession(ctx.app, campaignId)).id };
  const ws = subscriptionClient(ctx.app, user);
  const w = watch(ws, { campaignId });
  await flowing(target, 0.1, w);
  expect((await user.client.gql('mutation { logout }')).body.errors).toBeUndefined();
  const [refusal] = await refusedAfter(target, 0.2, w);
  expect(refusal).toEqual([
    expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) }),
  ]);
  await ws.dispose();
});

test('a revoked API token behind a bearer socket: the next update asks to sign in', async () => {
  const campaignId = await createCampaign(ctx.owner);
  const target = { campaignId, sessionId: (await createSession(ctx.app, campaignId)).id };
  const created = await ctx.owner.client.gql('mutation { createApiToken(name: "overlay") { secret token { id } } }');
  const { secret, token } = created.body.data.createApiToken;
  const ws = createClient({
    url: `${ctx.app.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${secret}` },
    lazy: false,
    retryAttempts: 0,
  });
  const w = watch(ws, { sessionId: target.sessionId });
  await flowing(target, 0.1, w);
  expect(
    (await ctx.owner.client.gql('mutation($id: ID!) { revokeApiToken(id: $id) }', { id: token.id })).body.errors,
  ).toBeUndefined();
  const [refusal] = await refusedAfter(target, 0.2, w);
  expect(refusal).toEqual([
    expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) }),
  ]);
  await ws.dispose();
});

test('each check is a couple of indexed reads on a fresh entity manager, and writes nothing', async () => {
  const campaignId = await createCampaign(ctx.owner);
  const target = { campaignId, sessionId: (await createSession(ctx.app, campaignId)).id };
  const ws = subscriptionClient(ctx.app, ctx.owner);
  const w = watch(ws, { sessionId: target.sessionId });
  await flowing(target, 0.1, w);
  const { sql } = await countQueries(ctx.app, async () => {
    await publisher.publish(update(target.sessionId, target.campaignId, 0.2));
    await eventually(async () => {
      if (!w.values.some((v) => v.progress === 0.2)) throw new Error('not delivered yet');
    }, 10_000);
  });
  // Updates are checked one after another, so the last two statements are the check of 0.2: the
  // login (session cookie, with its user) and the session (with its campaign); an owner needs no
  // share lookup. Anything before them is a late duplicate of an earlier publish, checked the same way.
  const checks = sql.filter((q) => !q.includes('pg_notify'));
  const [login, session] = checks.slice(-2);
  expect(login).toContain('from "login_sessions"');
  expect(session).toContain('from "sessions"');
  if (checks.length > 2) expect(checks[checks.length - 3]).toContain('from "sessions"');
  expect(checks.every((q) => /^select /i.test(q))).toBe(true);
  await ws.dispose();
});
