import { startTestApp, type TestApp } from '../../test/app';
import { createCampaign, createSession, createUser, type TestUser } from '../../test/factories';
import { CampaignSummary, CampaignSummaryType } from '../kernel/entities/campaign-summary.entity';
import { stepDeps } from '../../test/pipeline-steps';
import { sessionSteps } from './session.steps';

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
