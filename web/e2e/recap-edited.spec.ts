import { expect, test } from '@playwright/test';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { waitUntilReady } from './support/processed-session';
import { screenshots } from './support/screenshots';
import { THREE_PLACES_TEXT } from './fixtures/recap-night';

const WRITER_NOTE = /^Written offline: /;

test('a summary the GM rewrote shows as written, without the writer note; the others still play from the recap', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'The Saltmere Silver');
  await page.goto(`/dashboard?campaign=${campaignId}`);
  await page
    .getByLabel('Import a transcript instead (.vtt, .srt, .txt)')
    .setInputFiles({ name: 'Saltmere.txt', mimeType: 'text/plain', buffer: Buffer.from(THREE_PLACES_TEXT) });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/archive\?transcript_id=[0-9a-f-]{36}/);
  const sessionId = new URL(page.url()).searchParams.get('transcript_id')!;
  await waitUntilReady(page.request, sessionId, 120_000);
  const body = page.locator('.content-body');
  const note = body.locator('.summary-writer-note');

  // Generated: the recap's sentences, with the note saying who wrote them.
  await expect(body.locator('a.recap-sentence').first()).toBeVisible({ timeout: 30_000 });
  await expect(note).toHaveText(WRITER_NOTE);
  // The timeline shades the table talk and gives each speaker a lane.
  await expect(page.locator('.session-timeline-table-talk')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Timeline key' })).toHaveText(/Table talk.*Dana.*Bram/);

  // The GM rewrites the brief by hand: it reads as written, and no note claims it.
  const mine = 'The party <em>finally</em> found the silver. Captain Ives owes us a ship.';
  await page.getByRole('button', { name: 'Edit Brief Summary' }).click();
  await page.getByLabel('Brief Summary text').fill(mine);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Content updated successfully')).toBeVisible();
  await expect(body.locator('.rich-text')).toHaveText(
    'The party finally found the silver. Captain Ives owes us a ship.',
  );
  await expect(body.locator('.rich-text em')).toHaveText('finally');
  await expect(note).toHaveCount(0);
  await expect(body.locator('a.recap-sentence')).toHaveCount(0);
  await expect(body.getByText('Previously…')).toHaveCount(0);
  await screenshots(page, 'recap-edited-brief');

  // Still so after a reload; the moderate summary, untouched, is still the recap's with its note.
  await page.reload();
  await expect(body.locator('.rich-text')).toHaveText(
    'The party finally found the silver. Captain Ives owes us a ship.',
  );
  await expect(note).toHaveCount(0);
  await page.getByRole('button', { name: 'Moderate Summary', exact: true }).click();
  await expect(note).toHaveText(WRITER_NOTE);
  const sentence = body.locator('a.recap-sentence').first();
  await expect(sentence).toBeVisible();

  // No recording: a sentence opens the transcript at the line it was told from.
  const startMs = Number(await sentence.getAttribute('data-start-ms'));
  await sentence.click();
  await expect(page.getByRole('button', { name: 'Full Transcript', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const current = page.getByRole('list', { name: 'Transcript lines' }).locator('[aria-current="time"]');
  await expect(current).toBeVisible();
  expect(Number(await current.locator('.transcript-time').getAttribute('data-start-ms'))).toBe(startMs);
});
