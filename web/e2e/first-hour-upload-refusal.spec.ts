import { expect, test } from '@playwright/test';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { screenshots } from './support/screenshots';

/*
 * Upload refusals stay (issue 47): beside the picker, naming the refused file and its true size,
 * until the next file is chosen, whether the browser refused it or the api did after the upload.
 */
test('a refusal stays beside the picker with the file and its size until the next choice', async ({ page }) => {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Lost Mine');
  await page.goto(`/dashboard?campaign=${campaignId}`);
  const panel = page.getByRole('region', { name: 'Session audio' });
  const picker = page.getByLabel('Choose file');
  const refusal = panel.getByRole('alert');

  // Refused in the browser: the picker names the type too.
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pizza') });
  await expect(refusal).toContainText('notes.txt');
  await expect(refusal).toContainText('5 bytes');
  await expect(refusal).toContainText('Please upload a supported audio file format');
  await expect(refusal).toContainText('File type: text/plain');
  // Longer than a toast lives (4 s), and through other work on the page.
  await page.waitForTimeout(4_500);
  await page.getByLabel('New campaign').fill('Another');
  await expect(refusal).toContainText('notes.txt');

  // A 0-byte recording is listed as it is, then refused by the api; the refusal names it.
  await picker.setInputFiles({ name: 'empty.wav', mimeType: 'audio/wav', buffer: Buffer.alloc(0) });
  await expect(refusal).toHaveCount(0);
  await expect(panel.locator('.upload-file')).toContainText('0 bytes');
  await expect(panel.getByText('1 KB')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(refusal).toContainText('empty.wav');
  await expect(refusal).toContainText('0 bytes');
  await expect(refusal).toContainText(/empty/);
  await expect(panel.locator('.upload-file')).toHaveCount(0);
  await screenshots(page, 'first-hour-upload-refusal');
  await page.waitForTimeout(4_500);
  await expect(refusal).toContainText('empty.wav');

  // The next choice clears it, and its size is told in the unit that fits.
  await picker.setInputFiles({ name: 'night.ogg', mimeType: 'audio/ogg', buffer: Buffer.alloc(1536) });
  await expect(refusal).toHaveCount(0);
  await expect(panel.locator('.upload-file')).toContainText('night.ogg');
  await expect(panel.locator('.upload-file')).toContainText('1.5 kB');
});
