import { expect, test, type Page } from '@playwright/test';
import { seedSegments, seedSession } from './fixtures/seed-sessions';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { choosePaidPlan } from './support/plans';
import { audioState, lineStarts, uploadProcessedSession } from './support/processed-session';
import { screenshots } from './support/screenshots';

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const PASSAGE = 'audio.qa-citation-audio';

test('a citation plays its passage in place and stops at its end; View in Archive lands on its line', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await registerThroughApi(page.request);
  await choosePaidPlan(page.request);
  const campaignId = await createCampaign(page.request, 'Dragon Heist');
  const sessionId = await uploadProcessedSession(page.request, campaignId);

  await page.goto(`/qa?transcript_id=${sessionId}`);
  const question = page.getByRole('textbox', { name: 'Your question' });
  // The third line, so the archive has to move the player and the mark away from the start.
  await question.fill('Who ran into the dark forest behind the mill?');
  await question.press('Enter');
  const sources = conversation(page).getByRole('list', { name: 'Sources' });
  await expect(sources).toBeVisible({ timeout: 30_000 });
  const play = sources.getByRole('button', { name: /^Play / }).first();
  const link = sources.getByRole('link').first();
  const href = (await link.getAttribute('href'))!;
  const startMs = Number(new URL(href, page.url()).searchParams.get('t'));
  expect(href).toContain(`transcript_id=${sessionId}`);
  expect(startMs).toBeGreaterThan(0);
  await screenshots(page, 'qa-citations');

  await play.click();
  const stop = sources.getByRole('button', { name: /^Stop / });
  await expect(stop).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await audioState(page, PASSAGE)).paused).toBe(false);
  const playing = await audioState(page, PASSAGE);
  expect(playing.src).toContain(`/api/sessions/${sessionId}/audio`);
  expect(playing.currentMs).toBeGreaterThanOrEqual(startMs - 50);
  await screenshots(page, 'qa-citation-playing');

  // The passage ends by itself: the button offers to play again, and the audio stopped near the line's end.
  await expect(sources.getByRole('button', { name: /^Play / }).first()).toBeVisible({ timeout: 30_000 });
  const ended = await audioState(page, PASSAGE);
  expect(ended.paused).toBe(true);
  expect(ended.currentMs).toBeGreaterThan(startMs + 500);

  // View in Archive: the session's Full Transcript, the cited line marked, the player there.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/archive\\?transcript_id=${sessionId}&campaign_id=${campaignId}$`));
  await expect(page.getByRole('button', { name: 'Full Transcript', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const starts = await lineStarts(page);
  const cited = starts.indexOf(startMs);
  expect(cited).toBeGreaterThanOrEqual(0);
  const line = page.getByRole('list', { name: 'Transcript lines' }).getByRole('listitem').nth(cited);
  await expect(line).toHaveAttribute('aria-current', 'time');
  await expect(line).toBeInViewport();
  expect((await audioState(page, 'audio[aria-label="Session recording"]')).currentMs).toBe(startMs);
  await screenshots(page, 'archive-from-citation');
});

test('a session without a recording: the play button says so, and View in Archive still marks the line', async ({
  page,
}) => {
  await registerThroughApi(page.request);
  await choosePaidPlan(page.request);
  const campaignId = await createCampaign(page.request, 'Sunless Citadel');
  const sessionId = await seedSession(campaignId, { title: 'Into the Ravine' });
  await seedSegments(sessionId, [
    // Table talk before the cited line keeps the passage from starting at the first line.
    { startMs: 0, endMs: 60_000, text: 'Who wants pizza, I am ordering now.', tableTalk: true },
    { startMs: 75_000, endMs: 83_000, text: 'Meepo finds the silver key under the dragon cage.' },
    { startMs: 90_000, endMs: 95_000, text: 'Anyone need a drink?', tableTalk: true },
    { startMs: 120_000, endMs: 128_000, text: 'The party climbs down the ravine on a knotted rope.' },
  ]);
  await page.goto(`/qa?transcript_id=${sessionId}`);
  await page.getByRole('textbox', { name: 'Your question' }).fill('Where is the silver key?');
  await page.getByRole('textbox', { name: 'Your question' }).press('Enter');
  const sources = conversation(page).getByRole('list', { name: 'Sources' });
  await sources.getByRole('button', { name: 'Play Into the Ravine 0:01:15' }).click();
  await expect(page.getByText('This session has no recording to play')).toBeVisible();
  await expect(sources.getByRole('button', { name: 'Play Into the Ravine 0:01:15' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  await sources.getByRole('link', { name: 'Into the Ravine 0:01:15' }).click();
  await expect(page).toHaveURL(new RegExp(`/archive\\?transcript_id=${sessionId}&campaign_id=${campaignId}$`));
  const line = page.getByRole('listitem').filter({ hasText: 'Meepo finds the silver key' });
  await expect(line).toHaveAttribute('aria-current', 'time');
  await expect(page.locator('[aria-current="time"]')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Recording and transcript' })).toHaveCount(0);
});
