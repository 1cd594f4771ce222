import { expect, test, type Page } from '@playwright/test';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { recordCraigZip } from './support/recording';
import { waitUntilReady } from './support/processed-session';
import { screenshots } from './support/screenshots';

/** Three voices on three tracks, as a Discord recording bot gives them. */
const NIGHT = [
  { speaker: 'dana', voice: 'en-us', pitch: 35, text: 'The dragon lands on the castle wall and roars.' },
  { speaker: 'sam', voice: 'en-gb', pitch: 60, text: 'I raise my shield and charge the dragon.' },
  { speaker: 'kira', voice: 'en-us', pitch: 80, text: 'I cast a fireball at the goblins behind it.' },
  { speaker: 'dana', voice: 'en-us', pitch: 35, text: 'The dragon flees into the forest.' },
];

/** Chooses `files` on the dashboard, submits, waits for READY and opens the timed transcript. */
async function uploadAndRead(page: Page, files: string | string[], shownAs: string) {
  await page.getByLabel('Choose file').setInputFiles(files);
  await expect(page.getByText(shownAs)).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/archive\?transcript_id=[0-9a-f-]{36}/, { timeout: 60_000 });
  await waitUntilReady(page.request, new URL(page.url()).searchParams.get('transcript_id')!);
  await expect(page.getByText('This session is currently being processed. Please check back later.')).toBeHidden();
  await page.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  return page.getByRole('list', { name: 'Transcript lines' });
}

test('a multi-track ZIP uploaded on the dashboard shows who said each line, named as the owner sets the cast', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { zip } = await recordCraigZip(NIGHT, 'craig-night.zip');
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Dragon Heist');

  await page.goto(`/dashboard?campaign=${campaignId}`);
  await expect(page.getByText(/Choose them all at once, or their ZIP/)).toBeVisible();
  const lines = await uploadAndRead(page, zip, 'craig-night.zip');
  await expect(lines.getByText('sam:')).toBeVisible();
  await expect(lines.getByText('kira:')).toBeVisible();
  await expect(lines.getByText('dana:').first()).toBeVisible();

  // The owner says who is who, once for the campaign.
  const sessionUrl = page.url();
  await page.goto(`/archive?campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Edit Campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
  await expect(dialog.getByRole('heading', { name: 'Cast' })).toBeVisible();
  const dana = dialog.getByRole('group', { name: 'dana' });
  const sam = dialog.getByRole('group', { name: 'sam' });
  await dana.getByLabel('Player').fill('Dana');
  await dana.getByLabel('Game master').check();
  await sam.getByLabel('Player').fill('Sam');
  await sam.getByLabel('Character').fill('Bram');
  await screenshots(page, 'cast-editor', { fullPage: true });
  await dialog.getByRole('button', { name: 'Save Cast' }).click();
  await expect(page.getByText('Cast saved')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(sessionUrl);
  await page.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  await expect(lines.getByText('Bram (Sam):')).toBeVisible();
  await expect(lines.getByText('GM (Dana):').first()).toBeVisible();
  await expect(lines.getByText('kira:')).toBeVisible();
  await expect(lines.locator('li', { hasText: 'Bram (Sam):' })).toContainText(/shield/i);
  await screenshots(page, 'multitrack-transcript');
});

test('several tracks picked at once go up as one multi-track session', async ({ page }) => {
  test.setTimeout(240_000);
  const { tracks } = await recordCraigZip(NIGHT, 'unused.zip');
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Picked Tracks');

  await page.goto(`/dashboard?campaign=${campaignId}`);
  const lines = await uploadAndRead(page, tracks, 'Multi-track recording (3 tracks).zip');
  await expect(lines.locator('li', { hasText: 'sam:' })).toContainText(/shield/i);
  await expect(lines.locator('li', { hasText: 'kira:' })).toContainText(/fireball/i);
  await expect(lines.getByText('dana:').first()).toBeVisible();
});
