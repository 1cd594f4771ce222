import { startTestApp, type TestApp } from '../../../test/app';
import { addLines, createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import { SessionStatus } from '../../kernel/entities/session.entity';

/*
 * Issue 25: a campaign's `fullTranscript` (REST get_campaign_summaries, docs/product.md#rest-endpoints) is its
 * sessions' transcripts in play order, each as the reader may read it, not the sessions' old
 * detailed summaries; and it is read-only (edited session by session).
 */

const SECRET = 'Zarquon is the traitor.';

let app: TestApp;
let owner: TestUser;
let recipient: TestUser;
let campaignId: string;

beforeAll(async () => {
  app = await startTestApp();
  [owner, recipient] = await Promise.all([createUser(app), createUser(app)]);
  campaignId = await createCampaign(owner, 'The Obsidian Road');
  const share = await owner.client.gql(
    'mutation($c: ID!, $e: String!) { shareCampaign(campaignId: $c, email: $e) { id } }',
    { c: campaignId, e: recipient.email },
  );
  expect(share.body.errors).toBeUndefined();

  // Uploaded second but played first: play order, not upload order.
  const later = await createSession(app, campaignId, {
    title: 'The Vault',
    playedOn: '2026-03-08',
    detailedSummary: 'DETAILED-VAULT',
    fullTranscript: `[00:00:00] The door opens.\n[00:00:05] ${SECRET}\n[00:00:10] Pizza is here!`,
  });
  await addLines(app, later.id, ['The door opens.', SECRET, ['Pizza is here!', 'table']]);
  const earlier = await createSession(app, campaignId, {
    title: 'The Road',
    playedOn: '2026-03-01',
    detailedSummary: 'DETAILED-ROAD',
    fullTranscript: '[00:00:00] We set out at dawn.',
  });
  await addLines(app, earlier.id, ['We set out at dawn.']);
  await createSession(app, campaignId, { title: 'Still Cooking', status: SessionStatus.PROCESSING });
  await app.orm.em.getConnection().execute('update transcript_segments set gm_only = true where text = ?', [SECRET]);
  // Processing writes the campaign's summaries; the longest was the sessions' detailed summaries.
  const summaries = await owner.client.post(`/api/update_campaign_summary/${campaignId}/detailedSummary/`, {
    new_text: 'The road, then the vault.',
  });
  expect(summaries.status).toBe(200);
}, 60_000);
afterAll(() => app?.close());

const transcriptOf = async (user: TestUser) => {
  const res = await user.client.get(`/api/get_campaign_summaries/${campaignId}/`);
  expect(res.status).toBe(200);
  return res.body as { fullTranscript: string; detailedSummary: string; summaries: Array<{ type: string }> };
};

it("gives the owner every processed session's transcript in play order, each under its title and day", async () => {
  const body = await transcriptOf(owner);
  expect(body.fullTranscript).toBe(
    [
      'The Road (played 2026-03-01)',
      '',
      '[00:00:00] We set out at dawn.',
      '',
      'The Vault (played 2026-03-08)',
      '',
      `[00:00:00] The door opens.\n[00:00:05] ${SECRET}\n[00:00:10] Pizza is here!`,
    ].join('\n'),
  );
  expect(body.fullTranscript).not.toMatch(/DETAILED-|Still Cooking/);
  expect(body.detailedSummary).toBe('The road, then the vault.');
});

it('gives a recipient the same transcripts without the GM-only line, table talk kept', async () => {
  const body = await transcriptOf(recipient);
  expect(body.fullTranscript).toContain('The Road (played 2026-03-01)\n\n[00:00:00] We set out at dawn.');
  expect(body.fullTranscript).toContain('The Vault (played 2026-03-08)\n\n[00:00:00] The door opens.');
  expect(body.fullTranscript).toContain('Pizza is here!');
  expect(body.fullTranscript).not.toContain('Zarquon');
});

it('is read-only: a write of the campaign transcript is refused and nothing changes', async () => {
  const rest = await owner.client.post(`/api/update_campaign_summary/${campaignId}/fullTranscript/`, {
    new_text: 'Overwritten',
  });
  expect(rest.status).toBe(400);
  expect(rest.body).toEqual({
    error: "A campaign's full transcript is its sessions' transcripts: edit them in each session",
    code: 'BAD_USER_INPUT',
    field: 'type',
  });
  const gql = await owner.client.gql(
    'mutation($c: ID!) { updateCampaignSummary(campaignId: $c, type: FULL, text: "Overwritten") { id } }',
    { c: campaignId },
  );
  expect(gql.body.errors?.[0]?.message).toBe(rest.body.error);
  const body = await transcriptOf(owner);
  expect(body.fullTranscript).not.toContain('Overwritten');
  expect(body.summaries.map((s) => s.type)).not.toContain('full');
});
