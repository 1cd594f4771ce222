import { startTestApp, type TestApp } from '../../../test/app';
import { createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';

/*
 * Edits that change a session and its campaign together, sent at the same time (as a script, or
 * the OpenAPI fuzz run with two workers, does): they wait for each other; none fails on a deadlock,
 * nor on two renames creating the campaign's summary rows (which name the session) at once.
 */
let app: TestApp;
let owner: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  owner = await createUser(app);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

/** Each generated campaign summary names the session by its title now, and by no other rename's. */
async function expectSummariesName(campaignId: string, sessionId: string) {
  const session = await owner.client.gql('query ($id: ID!) { session(id: $id) { title } }', { id: sessionId });
  const { title } = session.body.data.session as { title: string };
  const summaries = await owner.client.get(`/api/get_campaign_summaries/${campaignId}/`);
  expect(summaries.status).toBe(200);
  for (const name of ['briefSummary', 'moderateSummary', 'detailedSummary'] as const) {
    expect(summaries.body[name]).toContain(`${title}\n`);
    expect(summaries.body[name].match(/Night \d+/g)).toEqual([title]);
  }
}

test('renames and full-transcript edits of one session at once all succeed', async () => {
  const campaignId = await createCampaign(owner);
  const { id } = await createSession(app, campaignId);
  const edits = Array.from({ length: 12 }, (_, i) => [
    owner.client.post(`/api/update_title/${id}/`, { new_title: `Night ${i}` }),
    owner.client.post(`/api/update_transcript/${id}/`, { new_text: `GM: Round ${i}. Brannoc draws his axe.` }),
  ]).flat();
  const answers = await Promise.all(edits);
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  // Each rename rebuilt the campaign's summaries in turn: the last title wins.
  await expectSummariesName(campaignId, id);
}, 60_000);

test('twelve renames at once, on a campaign with no summaries yet, all succeed and the last title wins', async () => {
  // Each would create the campaign's summary rows (one per kind) unless another did first.
  const campaignId = await createCampaign(owner);
  const { id } = await createSession(app, campaignId);
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) => owner.client.post(`/api/update_title/${id}/`, { new_title: `Night ${i}` })),
  );
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  await expectSummariesName(campaignId, id);
}, 60_000);
