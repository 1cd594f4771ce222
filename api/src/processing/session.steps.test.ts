import { startTestApp, type TestApp } from '../../test/app';
import { createCampaign, createSession, createUser, type TestUser } from '../../test/factories';
import { CampaignSummary, CampaignSummaryType } from '../kernel/entities/campaign-summary.entity';
import { stepDeps } from '../../test/pipeline-steps';
import { sessionSteps } from './session.steps';
import { Readable } from 'node:stream';
import { chunkAudioKey } from '../storage/storage-key';
import { createStorage } from '../storage/create-storage';
import { UsageService } from '../modules/usage/usage.service';
import { PlanService } from '../modules/plans/plan.service';

describe('refreshCampaignSummaries', () => {
  let app: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    owner = await createUser(app);
  });
  afterAll(() => app.close());

  // Refreshing the campaign summaries only reads and writes rows: the database is all it needs.
  const refresh = (sessionId: string) => sessionSteps(stepDeps(app)).refreshCampaignSummaries({ sessionId });
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
  let app: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    owner = await createUser(app);
  });
  afterAll(() => app.close());

  const usage = () => new UsageService(app.orm.em.fork(), new PlanService(app.config));
  const ownerId = async () =>
    (await app.orm.em.fork().getConnection().execute('select id from users where email = ?', [owner.email]))[0]
      .id as string;

  it('refunds a session deleted mid-run and removes the chunks the run wrote after the delete', async () => {
    const campaignId = await createCampaign(owner, 'The Sunless Citadel');
    const session = await createSession(app, campaignId, { title: 'Night one' });
    const userId = await ownerId();
    const before = (await usage().summary(userId)).usedTime;
    await usage().charge(userId, 3600, session.id);
    const deleted = await owner.client.post(`/api/delete_transcript/${session.id}/`, { password: owner.password });
    expect(deleted.status).toBe(200);
    // The run was cutting chunks when the session was deleted: one lands after the delete.
    const storage = createStorage(app.config);
    await storage.put(chunkAudioKey(session.id, 7), Readable.from([Buffer.from('RIFF')]));

    await sessionSteps(stepDeps(app)).failSession({ sessionId: session.id, reason: 'The session was deleted.' });
    expect((await usage().summary(userId)).usedTime).toBeCloseTo(before, 6);
    expect(await storage.exists(chunkAudioKey(session.id, 7))).toBe(false);
  });
});
