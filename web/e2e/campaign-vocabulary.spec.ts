import { expect, test } from '@playwright/test';
import { graphql, registerThroughApi } from './support/api';
import { createCampaign, shareCampaign } from './support/campaigns';
import { signedInElsewhere } from './support/contexts';

test('the owner keeps the campaign’s names and places in the campaign editor; recipients never see them', async ({
  page,
  browser,
}) => {
  const { context: recipientContext, account: recipient } = await signedInElsewhere(browser, 'Rin');
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Lost Mine of Phandelver');

  await page.goto(`/archive?campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Edit Campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
  const names = dialog.getByRole('textbox', { name: 'Characters, NPCs and places' });
  await expect(dialog.getByRole('heading', { name: 'Names and places' })).toBeVisible();
  await expect(names).toHaveAccessibleDescription(/Helps the transcription spell your campaign’s names/);
  await expect(names).toHaveValue('');

  // Too long: refused under the field, like the other editors' checks, and nothing is saved.
  await names.fill('Gundren, '.repeat(250));
  await dialog.getByRole('button', { name: 'Save Names' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Names and places must be at most 2000 characters');
  await expect(names).toHaveAttribute('aria-invalid', 'true');

  await names.fill('Gundren Rockseeker, Sildar Hallwinter\nPhandalin, Cragmaw Castle');
  await dialog.getByRole('button', { name: 'Save Names' }).click();
  await expect(page.getByText('Names and places saved')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await page.getByRole('button', { name: 'Edit Campaign' }).click();
  await expect(names).toHaveValue('Gundren Rockseeker, Sildar Hallwinter\nPhandalin, Cragmaw Castle');
  const stored = await graphql<{ campaign: { vocabulary: string } }>(
    page.request,
    'query ($id: ID!) { campaign(id: $id) { vocabulary } }',
    { id: campaignId },
  );
  expect(stored.campaign.vocabulary).toBe('Gundren Rockseeker, Sildar Hallwinter\nPhandalin, Cragmaw Castle');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await shareCampaign(page.request, campaignId, recipient.email);
  const other = await recipientContext.newPage();
  await other.goto(`/archive`);
  await other.getByRole('tab', { name: 'Shared with me' }).click();
  await expect(other.getByRole('heading', { name: 'Lost Mine of Phandelver', level: 2 })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Edit Campaign' })).toHaveCount(0);
  await expect(other.getByText('Names and places')).toHaveCount(0);
  await recipientContext.close();
});
