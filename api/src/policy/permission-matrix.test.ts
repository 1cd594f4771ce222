import { ref } from '@mikro-orm/core';
import { startTestApp, type TestApp } from '../../test/app';
import { createSession, createUser, type TestUser } from '../../test/factories';
import { HttpClient } from '../../test/http-client';
import { postForm } from '../../test/uploads';
import { User } from '../modules/accounts/user.entity';
import { Campaign } from '../modules/campaigns/campaign.entity';
import { CampaignSummary, CampaignSummaryType } from '../modules/campaigns/campaign-summary.entity';
import { CampaignShare } from '../modules/sharing/campaign-share.entity';
import { CampaignSpeaker } from '../modules/cast/speaker.entity';
import { rebuildCampaignIndex } from '../modules/campaign-index/campaign-index.rebuild';

type Role = 'owner' | 'recipient' | 'stranger' | 'signedOut';
type Outcome = 'ok' | 'FORBIDDEN' | 'NOT_FOUND' | 'UNAUTHENTICATED';

/** A shared campaign with a session and a summary, an empty shared campaign, and an unshared one. */
interface World {
  campaign: string;
  empty: string;
  target: string;
  session: string;
  summary: string;
  share: string;
  speaker: string;
  /** Two entries of the shared campaign's index. */
  entry: string;
  otherEntry: string;
}

interface Op {
  name: string;
  run(client: HttpClient, w: World, password: string): Promise<{ outcome: Outcome | string; body: unknown }>;
  expected: Record<Role, Outcome>;
}

const READ: Record<Role, Outcome> = {
  owner: 'ok',
  recipient: 'ok',
  stranger: 'NOT_FOUND',
  signedOut: 'UNAUTHENTICATED',
};
const WRITE: Record<Role, Outcome> = {
  owner: 'ok',
  recipient: 'FORBIDDEN',
  stranger: 'NOT_FOUND',
  signedOut: 'UNAUTHENTICATED',
};
const ANY_USER: Record<Role, Outcome> = { owner: 'ok', recipient: 'ok', stranger: 'ok', signedOut: 'UNAUTHENTICATED' };
const RECIPIENT_ONLY: Record<Role, Outcome> = {
  owner: 'NOT_FOUND',
  recipient: 'ok',
  stranger: 'NOT_FOUND',
  signedOut: 'UNAUTHENTICATED',
};

const rest = (
  name: string,
  expected: Record<Role, Outcome>,
  call: (c: HttpClient, w: World, pw: string) => Promise<any>,
): Op => ({
  name: `REST ${name}`,
  expected,
  run: async (c, w, pw) => {
    const res = await call(c, w, pw);
    return { outcome: res.status < 300 ? 'ok' : res.body.code, body: res.body };
  },
});

const gql = (
  name: string,
  expected: Record<Role, Outcome>,
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
  rest('get_campaign_details', READ, (c, w) => c.get(`/api/get_campaign_details/${w.campaign}/`)),
  rest('update_campaign_title', WRITE, (c, w) =>
    c.post(`/api/update_campaign_title/${w.campaign}/`, { new_title: 'X' }),
  ),
  rest('get_campaign_summaries', READ, (c, w) => c.get(`/api/get_campaign_summaries/${w.campaign}/`)),
  rest('update_summary', WRITE, (c, w) => c.post(`/api/update_summary/${w.campaign}/${w.summary}/`, { new_text: 'X' })),
  rest('update_campaign_summary', WRITE, (c, w) =>
    c.post(`/api/update_campaign_summary/${w.campaign}/briefSummary/`, { new_text: 'X' }),
  ),
  rest('get_shared_campaigns', ANY_USER, (c) => c.get('/api/get_shared_campaigns/')),
  rest('get_shared_campaign_details', READ, (c, w) => c.get(`/api/get_shared_campaign_details/${w.campaign}/`)),
  rest('delete_campaign', WRITE, (c, w, pw) => c.post(`/api/delete_campaign/${w.empty}/`, { password: pw })),
  rest('remove_shared_campaign', RECIPIENT_ONLY, (c, w) => c.post(`/api/remove_shared_campaign/${w.share}/`)),
  rest('share_campaign', WRITE, (c, w) =>
    c.post('/api/share_campaign/', { campaign_id: w.campaign, recipient_email: 'x@example.com' }),
  ),
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
  gql('campaign', READ, 'query($id: ID!) { campaign(id: $id) { id role sessions { id } summaries { id } } }', (w) => ({
    id: w.campaign,
  })),
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
  gql('removeSharedCampaign', RECIPIENT_ONLY, 'mutation($id: ID!) { removeSharedCampaign(shareId: $id) }', (w) => ({
    id: w.share,
  })),
  gql('session', READ, 'query($id: ID!) { session(id: $id) { id fullTranscript campaign { id } } }', (w) => ({
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

describe('permission matrix (spec section 6)', () => {
  let app: TestApp;
  const users = {} as Record<Exclude<Role, 'signedOut'>, TestUser>;
  beforeAll(async () => {
    app = await startTestApp();
    users.owner = await createUser(app);
    users.recipient = await createUser(app);
    users.stranger = await createUser(app);
  });
  afterAll(() => app.close());

  /** A fresh world per case, so a successful write cannot change what the next case sees. */
  async function world(): Promise<World> {
    const em = app.orm.em.fork();
    const owner = em.getReference(User, users.owner.id);
    const [campaign, empty, target] = ['Shared', 'Empty', 'Target'].map((title) =>
      em.create(Campaign, { owner, title }),
    );
    const summary = em.create(CampaignSummary, { campaign, type: CampaignSummaryType.BRIEF, text: 'b' });
    const shares = [campaign, empty].map((c) =>
      em.create(CampaignShare, {
        campaign: c,
        recipientEmail: users.recipient.email,
        recipient: ref(em.getReference(User, users.recipient.id)),
        createdBy: owner,
      }),
    );
    await em.flush();
    const session = await createSession(app, campaign.id);
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
      speaker: speaker.id,
      entry: entries[0].id,
      otherEntry: entries[1].id,
    };
  }

  const cases = OPS.flatMap((op) =>
    (Object.keys(op.expected) as Role[]).map((role) => [op.name, role, op.expected[role], op] as const),
  );

  it.each(cases)('%s as %s → %s', async (_name, role, expected, op) => {
    const w = await world();
    const client = role === 'signedOut' ? new HttpClient(app.url) : users[role].client;
    const password = role === 'signedOut' ? 'whatever-1' : users[role].password;
    const before = await snapshot(w);
    const { outcome, body } = await op.run(client, w, password);
    expect({ outcome, body }).toEqual({ outcome: expected, body: expect.anything() });
    // A refused call changes nothing.
    if (expected !== 'ok') expect(await snapshot(w)).toEqual(before);
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
  const shareOps = ['remove_shared', 'removeSharedCampaign'];
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
    'Session',
  ];
  if (shareOps.some((s) => name.includes(s))) return kind === 'share';
  return sessionOps.some((s) => name.includes(s)) ? kind === 'session' : kind === 'campaign';
}
