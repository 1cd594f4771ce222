import { HttpClient } from './http-client';
import { postForm } from './uploads';

// The permission matrix's table: every operation of the API, and what each role gets from it.

/** `revoked` held a share of the campaign that its owner took back (revokeShare) just before the call. */
export type Role = 'owner' | 'recipient' | 'stranger' | 'signedOut' | 'revoked';
/** EMPTY: answered, with nothing in it (who a campaign is shared with is not a recipient's to know). */
export type Outcome = 'ok' | 'EMPTY' | 'FORBIDDEN' | 'NOT_FOUND' | 'UNAUTHENTICATED';
/** Every operation names the four roles; those that read the shared campaign name `revoked` too. */
export type Expected = Record<Exclude<Role, 'revoked'>, Outcome> & { revoked?: Outcome };

/** A shared campaign with a session and a summary, an empty shared campaign, and an unshared one. */
export interface World {
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

export interface Op {
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

export const OPS: Op[] = [
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
