import { startTestApp, type TestApp } from '../../../test/app';
import { createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';

/*
 * Issue 47 point 7: the campaign's summaries name each session by its title, so a rename reaches
 * them in the same mutation, for the owner and for a player the campaign is shared with, while
 * a summary the owner wrote by hand keeps the owner's words.
 */
let app: TestApp;
let owner: TestUser;
let campaignId: string;
let sessionId: string;

const SUMMARIES = `query ($id: ID!) { campaign(id: $id) { summaries { type text editedByOwner } } }`;

beforeAll(async () => {
  app = await startTestApp();
  owner = await createUser(app);
  campaignId = await createCampaign(owner, 'Sunless Citadel');
  ({ id: sessionId } = await createSession(app, campaignId, { title: 'Into the Ravine' }));
  await createSession(app, campaignId, { title: 'The Gate' });
  // Hiding a session's summaries from players and sharing them again writes the campaign's anew
  // (as processing does when a session is done).
  for (const gmOnly of [true, false]) {
    const res = await owner.client.gql(
      'mutation ($id: ID!, $g: Boolean!) { setSessionSummariesGmOnly(id: $id, gmOnly: $g) { id } }',
      { id: sessionId, g: gmOnly },
    );
    expect(res.body.errors).toBeUndefined();
  }
}, 60_000);
afterAll(() => app?.close());

const summaries = async () => {
  const res = await owner.client.gql(SUMMARIES, { id: campaignId });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.campaign.summaries as Array<{ type: string; text: string; editedByOwner: boolean }>;
};

it('holds the new title in every generated campaign summary right after the rename', async () => {
  const before = await summaries();
  expect(before.map((s) => s.type)).toEqual(['BRIEF', 'MODERATE', 'DETAILED', 'FULL']);
  for (const s of before) expect(s.text).toContain('Into the Ravine\n');

  const rename = await owner.client.gql(
    'mutation ($id: ID!, $t: String!) { renameSession(id: $id, title: $t) { title } }',
    {
      id: sessionId,
      t: 'Down the Ravine',
    },
  );
  expect(rename.body.errors).toBeUndefined();
  expect(rename.body.data.renameSession.title).toBe('Down the Ravine');

  for (const s of await summaries()) {
    expect(s.text).toContain('Down the Ravine\n');
    expect(s.text).not.toContain('Into the Ravine');
    // The other session keeps its place and title.
    expect(s.text).toContain('The Gate\n');
  }
});

it('keeps a summary the owner wrote, and the REST rename updates the rest', async () => {
  const edit = await owner.client.post(`/api/update_campaign_summary/${campaignId}/briefSummary/`, {
    new_text: 'My own words.',
  });
  expect(edit.status).toBe(200);
  const renamed = await owner.client.post(`/api/update_title/${sessionId}/`, { new_title: 'Ravine Again' });
  expect(renamed.status).toBe(200);
  const res = await owner.client.get(`/api/get_campaign_summaries/${campaignId}/`);
  expect(res.status).toBe(200);
  expect(res.body.briefSummary).toBe('My own words.');
  expect(res.body.moderateSummary).toContain('Ravine Again\n');
  expect(res.body.moderateSummary).not.toContain('Down the Ravine');
});
