import { ref } from '@mikro-orm/core';
import { startTestApp, type TestApp } from './app';
import { signedUpClient } from './accounts';
import type { HttpClient } from './http-client';
import { Campaign } from '../src/kernel/entities/campaign.entity';
import { Session, SessionStatus } from '../src/kernel/entities/session.entity';
import { TranscriptSegment } from '../src/kernel/entities/transcript-segment.entity';

/** A registered, signed-in browser and what a test needs to know about its account. */
export interface TestUser {
  client: HttpClient;
  id: string;
  email: string;
  password: string;
}

/** Registers through POST /register/ (so the user is signed in) and looks up the new id. */
export async function createUser(app: TestApp, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const { client, email, password } = await signedUpClient(app, overrides);
  const rows = await app.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ id: string }>>('select id from users where email = ?', [email]);
  return { client, id: rows[0].id, email, password };
}

/** A test file's app with one signed-up user, the owner of what the tests create. */
export async function startAppWithOwner(): Promise<{ app: TestApp; owner: TestUser }> {
  const app = await startTestApp();
  return { app, owner: await createUser(app) };
}

/** A test file's app and its signed-up users by name; filled in before the file's first test. */
export type AppWithUsers<App extends TestApp, Name extends string> = { app: App } & Record<Name, TestUser>;

/**
 * Starts the test file's app (`start`, startTestApp unless told otherwise) and signs up one user per
 * name before its tests, and closes the app after them:
 * `const ctx = appWithUsers(['owner', 'recipient'])`, then `ctx.owner` inside the tests.
 */
export function appWithUsers<const Name extends string, App extends TestApp = TestApp>(
  names: readonly Name[],
  start: () => Promise<App> = startTestApp as () => Promise<App>,
): AppWithUsers<App, Name> {
  const ctx = {} as AppWithUsers<App, Name>;
  beforeAll(async () => {
    ctx.app = await start();
    const users = await Promise.all(names.map(() => createUser(ctx.app)));
    names.forEach((name, i) => Object.assign(ctx, { [name]: users[i] }));
  }, 60_000);
  afterAll(() => ctx.app?.close());
  return ctx;
}

/** Creates a campaign through the createCampaign mutation, as the web app and Playwright fixtures do. */
export async function createCampaign(user: TestUser, title = 'The Sunless Citadel'): Promise<string> {
  const res = await user.client.gql<{ createCampaign: { id: string } }>(
    'mutation($title: String!) { createCampaign(title: $title) { id } }',
    { title },
  );
  if (!res.body.data) throw new Error(`createCampaign failed: ${JSON.stringify(res.body.errors)}`);
  return res.body.data.createCampaign.id;
}

/** A new campaign of the owner's, shared with `recipient` (both through the web app's mutations). */
export async function createSharedCampaign(owner: TestUser, recipient: TestUser, title?: string): Promise<string> {
  const campaignId = await createCampaign(owner, title);
  await shareCampaign(owner, campaignId, recipient);
  return campaignId;
}

/** Shares the owner's campaign with `recipient` through the shareCampaign mutation; returns the share's id. */
export async function shareCampaign(owner: TestUser, campaignId: string, recipient: TestUser): Promise<string> {
  const res = await owner.client.gql<{ shareCampaign: { id: string } }>(
    'mutation($c: ID!, $e: String!) { shareCampaign(campaignId: $c, email: $e) { id } }',
    { c: campaignId, e: recipient.email },
  );
  if (!res.body.data) throw new Error(`shareCampaign failed: ${JSON.stringify(res.body.errors)}`);
  return res.body.data.shareCampaign.id;
}

/**
 * A processed session straight in the database (uploads and the pipeline come with a later issue):
 * READY with all its texts unless the overrides say otherwise.
 */
export async function createSession(
  app: TestApp,
  campaignId: string,
  overrides: Partial<Session> = {},
): Promise<Session> {
  const em = app.orm.em.fork();
  const session = em.create(Session, {
    campaign: ref(em.getReference(Campaign, campaignId)),
    title: 'Session 1: Into the Ravine',
    originalFileName: 'session-1.mp3',
    status: SessionStatus.READY,
    mimeType: 'audio/mpeg',
    durationSeconds: 3600,
    sizeBytes: 57_600_000,
    briefSummary: '<p>The party reached the citadel.</p>',
    moderateSummary: 'The party descended the ravine and met the kobolds.',
    detailedSummary: 'Long detailed account of the session.',
    fullTranscript: 'GM: You stand at the edge of the ravine.\nMeepo: Welcome!',
    summaryVeryShort: 'The party reached the citadel',
    ...overrides,
  });
  await em.flush();
  return session;
}

/** A line for addLines: in-game text, `[text, 'table']` table talk, or in-game text with its speaker's label. */
export type SeedLine = string | readonly [string, 'table'] | { text: string; speaker: string };

/** Transcript lines of a session straight in the database, `spacingMs` apart. */
export async function addLines(
  app: TestApp,
  sessionId: string,
  lines: readonly SeedLine[],
  spacingMs = 5000,
): Promise<void> {
  const em = app.orm.em.fork();
  lines.forEach((line, position) =>
    em.create(TranscriptSegment, {
      session: ref(em.getReference(Session, sessionId)),
      position,
      startMs: position * spacingMs,
      endMs: position * spacingMs + 4000,
      tableTalk: false,
      ...(typeof line === 'string' ? { text: line } : 'text' in line ? line : { text: line[0], tableTalk: true }),
    }),
  );
  await em.flush();
}

/** Counts the SQL statements the app's ORM sends while `work` runs (the api and the test share one ORM). */
export async function countQueries(
  app: TestApp,
  work: () => Promise<unknown>,
): Promise<{ count: number; sql: string[] }> {
  const knex = app.orm.em.getConnection().getKnex();
  const sql: string[] = [];
  const listener = (q: { sql: string }) => sql.push(q.sql);
  knex.on('query', listener);
  try {
    await work();
  } finally {
    knex.removeListener('query', listener);
  }
  return { count: sql.length, sql };
}
