import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { waitUntilReady } from './support/processed-session';
import { screenshots } from './support/screenshots';

/** A WebVTT file as a captioning tool writes it: a header, a note, cue settings, voices. */
const VTT = [
  'WEBVTT',
  '',
  'NOTE game night 12, from our captioning tool',
  '',
  '00:00:01.000 --> 00:00:05.250 align:start',
  '<v Dana>The innkeeper Sabine pours four mugs of cider and asks about her missing brother.',
  '',
  '00:00:06.000 --> 00:00:09.500',
  '<v Sam>I promise Sabine that we will find her brother in the old mine.',
  '',
  '00:00:10.000 --> 00:00:14.000',
  '<v Kira>I study the map of the mine and mark the flooded tunnels.',
  '',
].join('\n');

const PROCESSING_TEXT = 'This session is currently being processed. Please check back later.';

test('a WebVTT transcript imported on the dashboard is processed to READY and exports as WebVTT and SRT', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'The Old Mine');
  await page.goto(`/dashboard?campaign=${campaignId}`);

  await page
    .getByLabel('Import a transcript instead (.vtt, .srt, .txt)')
    .setInputFiles({ name: 'Night at the inn.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) });
  await expect(page.getByText('Night at the inn.vtt')).toBeVisible();
  await expect(page.getByText(/Transcript · no audio hours used/)).toBeVisible();
  await expect(page.getByLabel('Session title')).toHaveValue('Night at the inn');
  await screenshots(page, 'import-chosen', { fullPage: true });

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Transcript imported! Table talk, summaries and Q&A will be ready in a moment.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/archive\?transcript_id=[0-9a-f-]{36}/);
  const sessionId = new URL(page.url()).searchParams.get('transcript_id')!;
  await expect(page.getByRole('heading', { name: 'Night at the inn', level: 2 })).toBeVisible();
  await waitUntilReady(page.request, sessionId, 120_000);
  await expect(page.getByText(PROCESSING_TEXT)).toBeHidden();

  await page.getByRole('button', { name: 'Full Transcript' }).click();
  await expect(page.getByText('I promise Sabine that we will find her brother in the old mine.')).toBeVisible();
  await expect(page.getByText('The innkeeper Sabine pours four mugs of cider', { exact: false })).toBeVisible();
  // No recording: no player above the lines.
  await expect(page.getByLabel('Session recording')).toHaveCount(0);

  // The export follows the view: 'Show table talk' is on, so table talk goes along unless unticked.
  await expect(page.getByRole('switch', { name: 'Show table talk' })).toBeChecked();
  await page.getByText('Export', { exact: true }).click();
  await expect(page.getByLabel('Include table talk')).toBeChecked();
  const vttLink = page.getByRole('link', { name: 'WebVTT (.vtt)' });
  await expect(vttLink).toHaveAttribute('href', `/api/sessions/${sessionId}/transcript.vtt?table_talk=include`);
  await screenshots(page, 'import-export-menu');

  const [vtt] = await Promise.all([page.waitForEvent('download'), vttLink.click()]);
  expect(vtt.suggestedFilename()).toBe('Night at the inn.vtt');
  const vttText = fs.readFileSync((await vtt.path())!, 'utf8');
  expect(vttText.startsWith('WEBVTT\n')).toBe(true);
  expect(vttText).toContain(
    '00:00:06.000 --> 00:00:09.500\n<v Sam>I promise Sabine that we will find her brother in the old mine.',
  );

  await page.getByLabel('Include table talk').uncheck();
  const srtLink = page.getByRole('link', { name: 'SubRip (.srt)' });
  await expect(srtLink).toHaveAttribute('href', `/api/sessions/${sessionId}/transcript.srt`);
  const [srt] = await Promise.all([page.waitForEvent('download'), srtLink.click()]);
  expect(srt.suggestedFilename()).toBe('Night at the inn.srt');
  const srtText = fs.readFileSync((await srt.path())!, 'utf8');
  // The in-game lines (all three of this file's are story).
  expect(srtText).toContain('1\n00:00:01,000 --> 00:00:05,250\nDana: The innkeeper Sabine pours four mugs of cider');
  expect(srtText).toContain('Kira: I study the map of the mine and mark the flooded tunnels.');

  // The whole session as Markdown: summaries and the in-game transcript, speakers named.
  const [md] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Markdown with summaries (.md)' }).click(),
  ]);
  expect(md.suggestedFilename()).toBe('Night at the inn.md');
  const mdText = fs.readFileSync((await md.path())!, 'utf8');
  expect(mdText.startsWith('# Night at the inn\n')).toBe(true);
  expect(mdText).toContain('**Sam:** I promise Sabine that we will find her brother in the old mine.');
});
