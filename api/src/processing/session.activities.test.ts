import { Readable } from 'node:stream';
import { startTestApp, type TestApp } from '../../test/app';
import { createCampaign, createSession, createUser, type TestUser } from '../../test/factories';
import { CampaignSummary, CampaignSummaryType } from '../kernel/entities/campaign-summary.entity';
import { activityDeps } from '../../test/activity-deps';
import { PlanService } from '../modules/plans/plan.service';
import { UsageService } from '../modules/usage/usage.service';
import { chunkAudioKey } from '../storage/storage-key';
import { sessionActivities } from './session.activities';

// These activities only read and write rows and stored files: the database and storage are all they need.
let app: TestApp;
let owner: TestUser;
beforeAll(async () => {
  app = await startTestApp();
  owner = await createUser(app);
});
afterAll(() => app.close());

describe('refreshCampaignSummaries', () => {
  // Refreshing the campaign summaries only reads and writes rows: the database is all it needs.
  const refresh = (sessionId: string) => sessionActivities(activityDeps(app)).refreshCampaignSummaries({ sessionId });
  const summaryText = async (campaignId: string, type: CampaignSummaryType) =>
    (await app.orm.em.fork().findOneOrFail(CampaignSummary, { campaign: campaignId, type })).text;

  it('rebuilds the generated kinds from the sessions but keeps what the owner wrote', async () => {
    const campaignId = await createCampaign(owner, 'Curse of Strahd');
    const first = await createSession(app, campaignId, { title: 'Night one', briefSummary: 'The mists close in.' });
    await refresh(first.id);
    expect(await summaryText(campaignId, CampaignSummaryType.MODERATE)).toContain('The mists close in.');

    const edited = await owner.client.post(`/api/update_campaign_summary/${campaignId}/briefSummary/`, {
      new_text: '<p>Our party, in my own words.</p>',
    });
    expect(edited.status).toBe(200);

    const second = await createSession(app, campaignId, { title: 'Night two', briefSummary: 'Strahd appears.' });
    await refresh(second.id);
    expect(await summaryText(campaignId, CampaignSummaryType.BRIEF)).toBe('<p>Our party, in my own words.</p>');
    const moderate = await summaryText(campaignId, CampaignSummaryType.MODERATE);
    expect(moderate).toContain('The mists close in.');
    expect(moderate).toContain('Strahd appears.');

    const listed = await owner.client.gql(
      'query($id: ID!) { campaign(id: $id) { summaries { type editedByOwner } } }',
      { id: campaignId },
    );
    expect(listed.body.data.campaign.summaries).toEqual(
      expect.arrayContaining([
        { type: 'BRIEF', editedByOwner: true },
        { type: 'MODERATE', editedByOwner: false },
      ]),
    );
  });
});

describe('failSession', () => {
  const usage = () => new UsageService(app.orm.em.fork(), new PlanService(app.config));

  it('refunds a session deleted mid-run and removes the chunks the run wrote after the delete', async () => {
    const campaignId = await createCampaign(owner, 'The Sunless Citadel');
    const session = await createSession(app, campaignId, { title: 'Night one' });
    const before = (await usage().summary(owner.id)).usedTime;
    await usage().charge(owner.id, 3600, session.id);
    const deleted = await owner.client.post(`/api/delete_transcript/${session.id}/`, { password: owner.password });
    expect(deleted.status).toBe(200);
    // The run was cutting chunks when the session was deleted: one lands after the delete.
    const deps = activityDeps(app);
    await deps.storage.put(chunkAudioKey(session.id, 7), Readable.from([Buffer.from('RIFF')]));

    await sessionActivities(deps).failSession({ sessionId: session.id, reason: 'The session was deleted.' });
    expect((await usage().summary(owner.id)).usedTime).toBeCloseTo(before, 6);
    expect(await deps.storage.exists(chunkAudioKey(session.id, 7))).toBe(false);
  });
});
