import { expect, test } from '@playwright/test';
import { seedSession } from './fixtures/seed-sessions';
import { graphql, registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { choosePaidPlan } from './support/plans';

/*
 * A rename reaches every view that shows the name, live (issue 47): the campaign's summaries
 * (whose text names each session), the archive's sidebar and the Q & A sidebar, with no reload.
 */

test('renaming a session shows the new title in the campaign summaries and both sidebars, without a reload', async ({
  page,
}) => {
  await registerThroughApi(page.request);
  await choosePaidPlan(page.request);
  const campaignId = await createCampaign(page.request, 'Sunless Citadel');
  const sessionId = await seedSession(campaignId, {
    title: 'Into the Ravine',
    briefSummary: 'The party climbed down to the citadel gate.',
  });
  // Hiding the summaries from players and sharing them again writes the campaign's summaries anew.
  for (const gmOnly of [true, false]) {
    await graphql(
      page.request,
      'mutation ($id: ID!, $g: Boolean!) { setSessionSummariesGmOnly(id: $id, gmOnly: $g) { id } }',
      {
        id: sessionId,
        g: gmOnly,
      },
    );
  }

  // The campaign's summaries first, so the app holds them when the session is renamed.
  await page.goto(`/archive?campaign_id=${campaignId}`);
  // The campaign's Moderate Summary is its sessions' brief ones under their titles; the text
  // itself (RichText), not the sidebar beside it.
  const moderate = page.getByRole('button', { name: 'Moderate Summary', exact: true });
  await moderate.click();
  const summary = page.locator('.rich-text');
  await expect(summary).toContainText('Into the Ravine');

  const sidebar = page.getByRole('navigation', { name: 'Campaigns' });
  await sidebar.getByRole('button', { name: /Into the Ravine/ }).click();
  await page.getByRole('button', { name: 'Edit Session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Session' });
  await dialog.getByRole('textbox', { name: 'Session name' }).fill('Down the Ravine');
  await dialog.getByRole('button', { name: 'Rename Session' }).click();
  await dialog.getByRole('button', { name: 'Confirm Rename' }).click();
  await expect(dialog).toBeHidden();

  await expect(sidebar.getByRole('button', { name: /Down the Ravine/ })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Sunless Citadel', exact: true }).click();
  await moderate.click();
  await expect(summary).toContainText('Down the Ravine');
  await expect(summary).not.toContainText('Into the Ravine');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Q & A/ }).click();
  await expect(
    page.getByRole('navigation', { name: 'Campaigns' }).getByRole('button', { name: /Down the Ravine/ }),
  ).toBeVisible();
});
