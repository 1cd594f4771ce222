import { expect, test, type Page } from '@playwright/test';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { audioState } from './support/processed-session';
import { screenshots } from './support/screenshots';
import { recapOf, uploadThreePlaces } from './fixtures/recap-night';

const SUMMARY_PLAYER = 'audio[aria-label="Recording of the night"]';
const TRANSCRIPT_PLAYER = 'audio[aria-label="Session recording"]';

/** Playback started at `ms`: playing, and not far past it. */
async function expectPlayingFrom(page: Page, selector: string, ms: number) {
  await expect.poll(async () => (await audioState(page, selector)).paused, { timeout: 15_000 }).toBe(false);
  const state = await audioState(page, selector);
  expect(state.currentMs).toBeGreaterThanOrEqual(ms - 50);
  expect(state.currentMs).toBeLessThan(ms + 2500);
}

test('a recap plays: a sentence of the brief plays its moment, the timeline holds the scenes and plays the one picked', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'The Saltmere Silver');
  const sessionId = await uploadThreePlaces(page.request, campaignId);
  const scenes = await recapOf(page.request, sessionId);
  const told = new Map(scenes.flatMap((s) => s.happened).map((h) => [h.startMs, h.text]));

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  const body = page.locator('.content-body');

  // The brief: "Previously…", then sentences each a link to the moment it was told from.
  await expect(body.getByText('Previously…')).toBeVisible();
  const sentences = body.locator('.recap-text a.recap-sentence');
  const first = sentences.first();
  const startMs = Number(await first.getAttribute('data-start-ms'));
  // The link is the recap's own sentence, with its time in its name.
  expect(told.get(startMs)).toBeDefined();
  await expect(first).toHaveAccessibleName(new RegExp(`Play from \\d+:\\d\\d$`));
  await screenshots(page, 'recap-brief', { fullPage: true });
  await first.click();
  await expectPlayingFrom(page, SUMMARY_PLAYER, startMs);
  await expect(first).toHaveAttribute('aria-current', 'time');
  // By keyboard too: focus the last sentence and press Enter.
  const last = sentences.last();
  const lastMs = Number(await last.getAttribute('data-start-ms'));
  // Reached by Tab, as a keyboard user does (the focus ring shows for keys, not clicks).
  const count = await sentences.count();
  expect(count).toBeGreaterThanOrEqual(2);
  await sentences.nth(count - 2).focus();
  await page.keyboard.press('Tab');
  await expect(last).toBeFocused();
  await screenshots(page, 'recap-brief-focus', { fullPage: true });
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await audioState(page, SUMMARY_PLAYER)).currentMs).toBeGreaterThanOrEqual(lastMs - 50);

  // The detailed recap: every scene with its time, each sentence playable.
  await page.getByRole('button', { name: 'Detailed Summary', exact: true }).click();
  for (const scene of scenes.filter((s) => s.happened.length))
    await expect(body.getByRole('heading', { level: 3, name: new RegExp(`^${scene.title} \\(`) })).toBeVisible();
  await expect(body.locator('a.recap-sentence')).toHaveCount(
    scenes.reduce((n, s) => n + s.happened.length, 0) + (await body.locator('.recap-facts a.recap-sentence').count()),
  );
  await screenshots(page, 'recap-detailed', { fullPage: true });

  // The timeline: one band per scene, in the night's order, left to right and to scale.
  expect(scenes.length).toBeGreaterThanOrEqual(2);
  const bands = page.getByRole('list', { name: 'Scenes' }).getByRole('button');
  await expect(bands).toHaveCount(scenes.length);
  const boxes: { x: number; width: number }[] = [];
  for (const [i, scene] of scenes.entries()) {
    await expect(bands.nth(i)).toHaveAccessibleName(new RegExp(`^${scene.title}, `));
    boxes.push((await bands.nth(i).boundingBox())!);
  }
  for (let i = 1; i < boxes.length; i++) expect(boxes[i].x).toBeGreaterThan(boxes[i - 1].x);
  const widthPerMs = (i: number) => boxes[i].width / (scenes[i].endMs - scenes[i].startMs);
  for (let i = 1; i < boxes.length; i++) expect(widthPerMs(i) / widthPerMs(0)).toBeCloseTo(1, 0);
  await bands.nth(0).focus();
  await page.keyboard.press('Tab');
  await expect(bands.nth(1)).toBeFocused();
  await screenshots(page, 'recap-timeline');

  // A click on the second band: the Full Transcript opens there and plays from the scene's start.
  await bands.nth(1).click();
  await expect(page.getByRole('button', { name: 'Full Transcript', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectPlayingFrom(page, TRANSCRIPT_PLAYER, scenes[1].startMs);
  const current = page.getByRole('list', { name: 'Transcript lines' }).locator('[aria-current="time"]');
  await expect(current).toBeInViewport();
  expect(Number(await current.locator('.transcript-time').getAttribute('data-start-ms'))).toBeLessThanOrEqual(
    scenes[1].startMs + 2500,
  );
  await screenshots(page, 'recap-timeline-transcript');
});
