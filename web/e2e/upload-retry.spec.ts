import { expect, test } from '@playwright/test';
import { seedSession } from './fixtures/seed-sessions';
import { newAccount, registerThroughApi } from './support/api';
import { createCampaign, shareCampaign } from './support/campaigns';
import { signedInElsewhere } from './support/contexts';

const FAILED_TEXT =
  'Processing for this session failed. Please try uploading the file again. If the problem persists, contact support.';

test('a session being processed shows its stage and progress', async ({ page }) => {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Rime of the Frostmaiden');
  // Seeded at stage transcribe, 40% through.
  const id = await seedSession(campaignId, { title: 'Still Cooking', status: 'PROCESSING' });

  await page.goto(`/archive?transcript_id=${id}`);
  await expect(page.getByText('This session is currently being processed. Please check back later.')).toBeVisible();
  await expect(page.getByText('Transcribing')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Processing progress' })).toHaveAttribute('aria-valuenow', '40');
  await expect(page.getByText('40%')).toBeVisible();
});

test('the owner of a failed session sees why and a Retry button; a recipient sees no Retry', async ({
  page,
  browser,
}) => {
  // The retry runs on the embedded Temporal worker, which a loaded machine may be slow to schedule.
  test.setTimeout(120_000);
  const { context: recipientContext, account: recipient } = await signedInElsewhere(browser, 'Rin');
  await registerThroughApi(page.request, newAccount('Gale'));
  const campaignId = await createCampaign(page.request, 'Curse of Strahd');
  // A seeded session has no stored audio, so a retry fails again, at the first stage.
  const id = await seedSession(campaignId, { title: 'Broken Tape', status: 'FAILED' });
  await shareCampaign(page.request, campaignId, recipient.email);

  const recipientPage = await recipientContext.newPage();
  await recipientPage.goto(`/archive?transcript_id=${id}`);
  await expect(recipientPage.getByText(FAILED_TEXT)).toBeVisible();
  await expect(recipientPage.getByText('Reason: The recording could not be read')).toBeVisible();
  await expect(recipientPage.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await recipientContext.close();

  await page.goto(`/archive?transcript_id=${id}`);
  await expect(page.getByText(FAILED_TEXT)).toBeVisible();
  await expect(page.getByText('Reason: The recording could not be read')).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  // The new run's end arrives over the subscription, without a reload.
  await expect(page.getByText(/^Reason: .*The uploaded file could not be found\.$/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(FAILED_TEXT)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled();
});
