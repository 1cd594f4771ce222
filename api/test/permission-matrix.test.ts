import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ref } from '@mikro-orm/core';
import { startTestApp, type TestApp } from './app';
import { createSession, createUser, type TestUser } from './factories';
import { HttpClient } from './http-client';
import { postForm } from './uploads';
import { User } from '../src/kernel/entities/user.entity';
import { Campaign } from '../src/kernel/entities/campaign.entity';
import { CampaignSummary, CampaignSummaryType } from '../src/kernel/entities/campaign-summary.entity';
import { CampaignShare } from '../src/kernel/entities/campaign-share.entity';
import { CampaignSpeaker } from '../src/kernel/entities/speaker.entity';
import { rebuildCampaignIndex } from '../src/modules/campaign-index/campaign-index.rebuild';
import { createStorage } from '../src/storage/create-storage';
import { sessionAudioKey } from '../src/storage/storage-key';
import type { AudioStorage } from '../src/storage/storage';

/** `revoked` held a share of the campaign that its owner took back (revokeShare) just before the call. */
type Role = 'owner' | 'recipient' | 'stranger' | 'signedOut' | 'revoked';
/** EMPTY: answered, with nothing in it (who a campaign is shared with is not a recipient's to know). */
type Outcome = 'ok' | 'EMPTY' | 'FORBIDDEN' | 'NOT_FOUND' | 'UNAUTHENTICATED';
/** Every operation names the four roles; those that read the shared campaign name `revoked` too. */
type Expected = Record<Exclude<Role, 'revoked'>, Outcome> & { revoked?: Outcome };

/** A shared campaign with a session and a summary, an empty shared campaign, and an unshared one. */
interface World {
  campaign: string;
  empty: string;
  target: string;
  session: string;
  summary: string;
  share: string;
  /** The share of the `revoked` user, taken back by the owner in cases run as `revoked`. */
  revokedShare: string;
  speaker: string;
  /** Two entries of the shared campaign's index. */
  entry: string;
  otherEntry: string;
}

interface Op {
  name: string;
  run(client: HttpClient, w: World, password: string): Promise<{ outcome: Outcome | string; body: unknown }>;
  expected: Expected;
}

const READ: Expected = {
  owner: 'ok',
  recipient: 'ok',
  stranger: 'NOT_FOUND',
  signedOut: 'UNAUTHENTICATED',
};
const WRITE: Expected = {
  owner: 'ok',
  recipient: 'FORBIDDEN',
  stranger: 'NOT_FOUND',
  signedOut: 'UNAUTHENTICATED',
};
const ANY_USER: Expected = { owner: 'ok', recipient: 'ok', stranger: 'ok', signedOut: 'UNAUTHENTICATED' };
/** A read of the shared campaign: a recipient whose share was taken back is a stranger again, at once. */
const READ_SHARED: Expected = { ...READ, revoked: 'NOT_FOUND' };
const OWNER_ONLY: Expected = {
  owner: 'ok',
  recipient: 'NOT_FOUND',
  stranger: 'NOT_FOUND',
  signedOut: 'UNAUTHENTICATED',
};
/** Who has access: the owner reads the list, a recipient an empty one, anyone else "not found". */
const SHARE_LIST: Expected = { ...READ_SHARED, recipient: 'EMPTY' };
const RECIPIENT_ONLY: Expected = {
  owner: 'NOT_FOUND',
  recipient: 'ok',
  stranger: 'NOT_FOUND',
  signedOut: 'UNAUTHENTICATED',
};

const rest = (name: string, expected: Expected, call: (c: HttpClient, w: World, pw: string) => Promise<any>): Op => ({
  name: `REST ${name}`,
  expected,
  run: async (c, w, pw) => {
    const res = await call(c, w, pw);
    return { outcome: res.status < 300 ? 'ok' : res.body.code, body: res.body };
  },
});

const gql = (
  name: string,
  expected: Expected,
  query: string,
  vars: (w: World, pw: string) => Record<string, unknown>,
): Op => ({
  name: `GraphQL ${name}`,
  expected,
  run: async (c, w, pw) => {
    const res = await c.gql(query, vars(w, pw));
    const error = res.body.errors?.[0];
    return { outcome: error ? String(error.extensions?.code) : 'ok', body: error ?? res.body.data };
  },
});

/** A call whose answer is a list: EMPTY when it succeeds with nothing in it. */
const listing = (
  name: string,
  expected: Expected,
  call: (c: HttpClient, w: World) => Promise<{ error?: { code: string; body: unknown }; list?: unknown[] }>,
): Op => ({
  name,
  expected,
  run: async (c, w) => {
    const { error, list } = await call(c, w);
    if (error) return { outcome: error.code, body: error.body };
    return { outcome: list?.length ? 'ok' : 'EMPTY', body: list };
  },
});

/** A transcript file to import, as the web app and scripts send it (multipart, REST or GraphQL). */
const TRANSCRIPT_FILE = {
  fileName: 'night.vtt',
  type: 'text/vtt',
  bytes: Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n'),
};

const importOp = (name: string, call: (c: HttpClient, w: World) => Promise<any>): Op => ({
  name,
  expected: WRITE,
  run: async (c, w) => {
    const res = await call(c, w);
    const error = res.body.errors?.[0];
    if (error) return { outcome: String(error.extensions?.code), body: error };
    return { outcome: res.status < 300 ? 'ok' : res.body.code, body: res.body };
  },
});

const OPS: Op[] = [
  rest('get_campaigns', ANY_USER, (c) => c.get('/api/get_campaigns/')),
  rest('create_campaign', ANY_USER, (c) => c.post('/api/create_campaign/', { campaign_name: 'New' })),
  rest('get_campaign_details', READ_SHARED, (c, w) => c.get(`/api/get_campaign_details/${w.campaign}/`)),
  rest('update_campaign_title', WRITE, (c, w) =>
    c.post(`/api/update_campaign_title/${w.campaign}/`, { new_title: 'X' }),
  ),
  rest('get_campaign_summaries', READ, (c, w) => c.get(`/api/get_campaign_summaries/${w.campaign}/`)),
  rest('update_summary', WRITE, (c, w) => c.post(`/api/update_summary/${w.campaign}/${w.summary}/`, { new_text: 'X' })),
  rest('update_campaign_summary', WRITE, (c, w) =>
    c.post(`/api/update_campaign_summary/${w.campaign}/briefSummary/`, { new_text: 'X' }),
  ),
  rest('get_shared_campaigns', ANY_USER, (c) => c.get('/api/get_shared_campaigns/')),
  rest('get_shared_campaign_details', READ_SHARED, (c, w) => c.get(`/api/get_shared_campaign_details/${w.campaign}/`)),
  rest('delete_campaign', WRITE, (c, w, pw) => c.post(`/api/delete_campaign/${w.empty}/`, { password: pw })),
  rest('remove_shared_campaign', RECIPIENT_ONLY, (c, w) => c.post(`/api/remove_shared_campaign/${w.share}/`)),
  rest('share_campaign', WRITE, (c, w) =>
    c.post('/api/share_campaign/', { campaign_id: w.campaign, recipient_email: 'x@example.com' }),
  ),
  listing('REST get_campaign_shares', SHARE_LIST, async (c, w) => {
    const res = await c.get(`/api/get_campaign_shares/${w.campaign}/`);
    return res.status === 200 ? { list: res.body.shares } : { error: { code: res.body.code, body: res.body } };
  }),
  rest('revoke_share', OWNER_ONLY, (c, w) => c.post(`/api/revoke_share/${w.share}/`)),
  // Without GM-only lines a recipient hears the recording itself (gm-only.test.ts covers the players' copy and its 409).
  rest('sessions/{id}/audio', READ_SHARED, (c, w) => c.get(`/api/sessions/${w.session}/audio`)),
  rest('get_session_details', READ, (c, w) => c.get(`/api/get_session_details/${w.session}/`)),
  rest('get_campaign_and_summary', READ, (c, w) => c.get(`/api/get_campaign_and_summary/${w.session}/`)),
  rest('update_title', WRITE, (c, w) => c.post(`/api/update_title/${w.session}/`, { new_title: 'X' })),
  rest('move_transcript', WRITE, (c, w) => c.post(`/api/move_transcript/${w.session}/`, { new_campaign_id: w.target })),
  rest('delete_transcript', WRITE, (c, w, pw) => c.post(`/api/delete_transcript/${w.session}/`, { password: pw })),
  rest('update_transcript', WRITE, (c, w) => c.post(`/api/update_transcript/${w.session}/`, { new_text: 'X' })),
  rest('update_session_summary', WRITE, (c, w) =>
    c.post(`/api/update_session_summary/${w.session}/briefSummary/`, { new_text: 'X' }),
  ),
  importOp('REST import_transcript', (c, w) =>
    postForm(c, '/api/import_transcript/', [
      { name: 'campaign_id', value: w.campaign },
      { name: 'file', value: TRANSCRIPT_FILE },
    ]),
  ),
  rest('transcript.vtt', READ, (c, w) => c.get(`/api/sessions/${w.session}/transcript.vtt`)),
  rest('transcript.srt', READ, (c, w) => c.get(`/api/sessions/${w.session}/transcript.srt?table_talk=include`)),
  gql('campaigns', ANY_USER, '{ campaigns { id } }', () => ({})),
  gql('createCampaign', ANY_USER, 'mutation { createCampaign(title: "New") { id } }', () => ({})),
  gql(
    'campaign',
    READ_SHARED,
    'query($id: ID!) { campaign(id: $id) { id role sessions { id } summaries { id } } }',
    (w) => ({
      id: w.campaign,
    }),
  ),
  gql('campaign cast', READ, 'query($id: ID!) { campaign(id: $id) { cast { id displayName } } }', (w) => ({
    id: w.campaign,
  })),
  gql(
    'updateSpeaker',
    WRITE,
    'mutation($id: ID!) { updateSpeaker(id: $id, input: { characterName: "X" }) { id } }',
    (w) => ({
      id: w.speaker,
    }),
  ),
  gql(
    'campaign index',
    READ,
    'query($id: ID!) { campaign(id: $id) { index { id name mentions { lineId } } } }',
    (w) => ({ id: w.campaign }),
  ),
  gql('indexEntry', READ, 'query($id: ID!) { indexEntry(id: $id) { id name } }', (w) => ({ id: w.entry })),
  gql(
    'updateIndexEntry',
    WRITE,
    'mutation($id: ID!) { updateIndexEntry(id: $id, input: { notes: "X" }) { id } }',
    (w) => ({ id: w.entry }),
  ),
  gql(
    'mergeIndexEntry',
    WRITE,
    'mutation($id: ID!, $into: ID!) { mergeIndexEntry(id: $id, intoId: $into) { id } }',
    (w) => ({ id: w.entry, into: w.otherEntry }),
  ),
  gql('renameCampaign', WRITE, 'mutation($id: ID!) { renameCampaign(id: $id, title: "X") { id } }', (w) => ({
    id: w.campaign,
  })),
  gql(
    'deleteCampaign',
    WRITE,
    'mutation($id: ID!, $pw: String!) { deleteCampaign(id: $id, password: $pw) }',
    (w, pw) => ({ id: w.empty, pw }),
  ),
  gql(
    'updateCampaignSummary',
    WRITE,
    'mutation($id: ID!) { updateCampaignSummary(campaignId: $id, type: BRIEF, text: "X") { id } }',
    (w) => ({ id: w.campaign }),
  ),
  gql('sharedCampaigns', ANY_USER, '{ sharedCampaigns { id campaign { id } } }', () => ({})),
  gql(
    'shareCampaign',
    WRITE,
    'mutation($id: ID!) { shareCampaign(campaignId: $id, email: "x@example.com") { id } }',
    (w) => ({ id: w.campaign }),
  ),
  listing('GraphQL Campaign.shares', SHARE_LIST, async (c, w) => {
    const res = await c.gql('query($id: ID!) { campaign(id: $id) { shares { id recipientEmail createdAt seenAt } } }', {
      id: w.campaign,
    });
    const error = res.body.errors?.[0];
    if (error) return { error: { code: String(error.extensions?.code), body: error } };
    return { list: res.body.data.campaign.shares };
  }),
  gql('revokeShare', OWNER_ONLY, 'mutation($id: ID!) { revokeShare(shareId: $id) }', (w) => ({ id: w.share })),
  gql(
    'markSharedCampaignSeen',
    RECIPIENT_ONLY,
    'mutation($id: ID!) { markSharedCampaignSeen(shareId: $id) { id seen } }',
    (w) => ({ id: w.share }),
  ),
  gql('removeSharedCampaign', RECIPIENT_ONLY, 'mutation($id: ID!) { removeSharedCampaign(shareId: $id) }', (w) => ({
    id: w.share,
  })),
  gql('session', READ_SHARED, 'query($id: ID!) { session(id: $id) { id fullTranscript campaign { id } } }', (w) => ({
    id: w.session,
  })),
  gql('renameSession', WRITE, 'mutation($id: ID!) { renameSession(id: $id, title: "X") { id } }', (w) => ({
    id: w.session,
  })),
  gql('moveSession', WRITE, 'mutation($id: ID!, $t: ID!) { moveSession(id: $id, campaignId: $t) { id } }', (w) => ({
    id: w.session,
    t: w.target,
  })),
  gql(
    'deleteSession',
    WRITE,
    'mutation($id: ID!, $pw: String!) { deleteSession(id: $id, password: $pw) }',
    (w, pw) => ({ id: w.session, pw }),
  ),
  gql(
    'setSessionSummariesGmOnly',
    WRITE,
    'mutation($id: ID!) { setSessionSummariesGmOnly(id: $id, gmOnly: true) { id summariesGmOnly } }',
    (w) => ({ id: w.session }),
  ),
  gql(
    'updateSessionContent',
    WRITE,
    'mutation($id: ID!) { updateSessionContent(id: $id, field: FULL_TRANSCRIPT, text: "X") { id } }',
    (w) => ({ id: w.session }),
  ),
  importOp('GraphQL importSession', (c, w) =>
    postForm(c, '/graphql', [
      {
        name: 'operations',
        value: JSON.stringify({
          query: 'mutation($id: ID!, $file: Upload!) { importSession(campaignId: $id, file: $file) { id } }',
          variables: { id: w.campaign, file: null },
        }),
      },
      { name: 'map', value: JSON.stringify({ 0: ['variables.file'] }) },
      { name: '0', value: TRANSCRIPT_FILE },
    ]),
  ),
];

describe('permission matrix (docs/product.md#roles)', () => {
  let app: TestApp;
  let storage: AudioStorage;
  let storageDir: string;
  const users = {} as Record<Exclude<Role, 'signedOut'>, TestUser>;
  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-audio-'));
    app = await startTestApp({ STORAGE_DIR: storageDir });
    storage = createStorage(app.config);
    users.owner = await createUser(app);
    users.recipient = await createUser(app);
    users.stranger = await createUser(app);
    users.revoked = await createUser(app);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  /** A fresh world per case, so a successful write cannot change what the next case sees. */
  async function world(): Promise<World> {
    const em = app.orm.em.fork();
    const owner = em.getReference(User, users.owner.id);
    const [campaign, empty, target] = ['Shared', 'Empty', 'Target'].map((title) =>
      em.create(Campaign, { owner, title }),
    );
    const summary = em.create(CampaignSummary, { campaign, type: CampaignSummaryType.BRIEF, text: 'b' });
    const shares = [
      [campaign, users.recipient],
      [empty, users.recipient],
      [campaign, users.revoked],
    ].map(([c, recipient]) =>
      em.create(CampaignShare, {
        campaign: c as Campaign,
        recipientEmail: (recipient as TestUser).email,
        recipient: ref(em.getReference(User, (recipient as TestUser).id)),
        createdBy: owner,
      }),
    );
    await em.flush();
    const session = await createSession(app, campaign.id);
    // A recording to stream (any bytes: the endpoint serves the upload as stored).
    const audioKey = sessionAudioKey(session.id, '.mp3');
    await storage.put(audioKey, Readable.from([Buffer.alloc(4096, 7)]));
    await em.execute('update sessions set storage_key = ? where id = ?', [audioKey, session.id]);
    const speaker = em.create(CampaignSpeaker, { campaign, label: 'sam' });
    await em.flush();
    await em.execute(
      `insert into transcript_segments (id, created_at, updated_at, session_id, position, start_ms, end_ms, text, table_talk, words)
       values (gen_random_uuid(), now(), now(), ?, 0, 0, 4000, 'Vessaline meets Grimble in Morrowgate.', false, '[]')`,
      [session.id],
    );
    await rebuildCampaignIndex(app.orm.em.fork(), campaign.id);
    const entries = await em.execute<Array<{ id: string }>>(
      'select id from campaign_index_entries where campaign_id = ? order by position',
      [campaign.id],
    );
    return {
      campaign: campaign.id,
      empty: empty.id,
      target: target.id,
      session: session.id,
      summary: summary.id,
      share: shares[0].id,
      revokedShare: shares[2].id,
      speaker: speaker.id,
      entry: entries[0].id,
      otherEntry: entries[1].id,
    };
  }

  const cases = OPS.flatMap((op) =>
    (Object.keys(op.expected) as Role[]).map((role) => [op.name, role, op.expected[role]!, op] as const),
  );

  /**
   * A world the last case was refused in, its snapshot unchanged: the next case starts from it
   * rather than building one more (half the cases). Any case that may write, or revokes, leaves none.
   */
  let untouched: World | undefined;

  it.each(cases)('%s as %s → %s', async (_name, role, expected, op) => {
    const w = untouched ?? (await world());
    untouched = undefined;
    if (role === 'revoked') {
      const revoked = await users.owner.client.gql('mutation($id: ID!) { revokeShare(shareId: $id) }', {
        id: w.revokedShare,
      });
      expect(revoked.body).toEqual({ data: { revokeShare: true } });
    }
    const client = role === 'signedOut' ? new HttpClient(app.url) : users[role].client;
    const password = role === 'signedOut' ? 'whatever-1' : users[role].password;
    const before = await snapshot(w);
    const { outcome, body } = await op.run(client, w, password);
    expect({ outcome, body }).toEqual({ outcome: expected, body: expect.anything() });
    // A refused call changes nothing.
    if (expected !== 'ok') {
      expect(await snapshot(w)).toEqual(before);
      if (role !== 'revoked') untouched = w;
    }
  });

  /** Every row of the world as the database holds it. */
  async function snapshot(w: World): Promise<unknown> {
    const db = app.orm.em.fork().getConnection();
    const ids = [w.campaign, w.empty, w.target];
    return {
      campaigns: await db.execute(
        'select id, title, last_edited_at from campaigns where id in (?, ?, ?) order by id',
        ids,
      ),
      sessions: await db.execute('select * from sessions where id = ?', [w.session]),
      lines: await db.execute('select * from transcript_segments where session_id = ? order by position', [w.session]),
      speakers: await db.execute('select * from campaign_speakers where campaign_id = ? order by id', [w.campaign]),
      summaries: await db.execute(
        'select id, type, text from campaign_summaries where campaign_id in (?, ?, ?) order by id',
        ids,
      ),
      shares: await db.execute(
        'select id, recipient_email from campaign_shares where campaign_id in (?, ?, ?) order by id',
        ids,
      ),
      ownCampaigns: await db.execute('select count(*)::int as n from campaigns where owner_id = ?', [users.owner.id]),
      indexEdits: await db.execute('select * from campaign_index_edits where campaign_id = ? order by key', [
        w.campaign,
      ]),
    };
  }

  it('a stranger probing ids learns nothing: other users’ ids, random uuids and malformed ids answer byte-identically', async () => {
    const w = await world();
    const stranger = users.stranger.client;
    const probes = [
      { kind: 'campaign', ids: [w.campaign, w.empty, w.target] },
      { kind: 'session', ids: [w.session] },
      { kind: 'share', ids: [w.share] },
      { kind: 'speaker', ids: [w.speaker] },
      { kind: 'entry', ids: [w.entry] },
    ];
    const fakes = ['00000000-0000-4000-8000-000000000000', crypto.randomUUID(), 'abc', '1', "x' or '1'='1", '%20'];
    for (const { kind, ids } of probes) {
      const calls = OPS.filter((op) => op.expected.stranger === 'NOT_FOUND' && usesKind(op.name, kind));
      expect(calls.length).toBeGreaterThan(0);
      for (const op of calls) {
        const answers = new Set<string>();
        for (const id of [...ids, ...fakes]) {
          const probe: World = { ...w, campaign: id, empty: id, session: id, share: id, speaker: id, entry: id };
          const res = await op.run(stranger, probe, users.stranger.password);
          answers.add(JSON.stringify(res));
        }
        expect({ op: op.name, answers: [...answers] }).toEqual({
          op: op.name,
          answers: [expect.stringContaining('NOT_FOUND')],
        });
      }
    }
  });
});

/** Which kind of id an operation takes (campaign, session, share, speaker or index entry), from its name. */
function usesKind(name: string, kind: string): boolean {
  const shareOps = ['remove_shared', 'removeSharedCampaign', 'revoke_share', 'revokeShare', 'SharedCampaignSeen'];
  if (name.includes('import')) return kind === 'campaign';
  if (name.includes('updateSpeaker')) return kind === 'speaker';
  if (name.includes('IndexEntry') || name.includes('indexEntry')) return kind === 'entry';
  const sessionOps = [
    'session_details',
    'campaign_and_summary',
    'update_title',
    'move_transcript',
    'delete_transcript',
    'update_transcript',
    'update_session_summary',
    'transcript.',
    'GraphQL session',
    '/audio',
    'Session',
  ];
  if (shareOps.some((s) => name.includes(s))) return kind === 'share';
  return sessionOps.some((s) => name.includes(s)) ? kind === 'session' : kind === 'campaign';
}
