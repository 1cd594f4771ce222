import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerThroughApi } from './support/api';
import { shareCampaign } from './support/campaigns';
import { audioState, lineStarts, openFullTranscript, ownProcessedSession } from './support/processed-session';
import { screenshots } from './support/screenshots';

const PLAYER = 'audio[aria-label="Session recording"]';
const lines = (page: Page) => page.getByRole('list', { name: 'Transcript lines' }).getByRole('listitem');

test('the transcript plays: a time seeks there, the highlight follows the audio, keys work, a recipient hears it', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const { campaignId, sessionId } = await ownProcessedSession(page);
  await openFullTranscript(page, sessionId, campaignId);

  const starts = await lineStarts(page);
  expect(starts.length).toBeGreaterThanOrEqual(3);
  expect((await audioState(page, PLAYER)).src).toContain(`/api/sessions/${sessionId}/audio`);
  await screenshots(page, 'archive-player-before');

  // A click on the second line's time: playback starts there and that line is the one marked.
  await lines(page).nth(1).locator('.transcript-time').click();
  await expect.poll(async () => (await audioState(page, PLAYER)).paused).toBe(false);
  const started = await audioState(page, PLAYER);
  expect(started.currentMs).toBeGreaterThanOrEqual(starts[1] - 50);
  expect(started.currentMs).toBeLessThan(starts[1] + 1500);
  await expect(lines(page).nth(1)).toHaveAttribute('aria-current', 'time');

  // As the audio reaches the next line, the mark moves on by itself.
  await expect(lines(page).nth(2)).toHaveAttribute('aria-current', 'time', { timeout: 20_000 });
  await expect(lines(page).nth(1)).not.toHaveAttribute('aria-current', 'time');
  await screenshots(page, 'archive-player-playing');

  // Keys, with focus in the player's region: Space pauses, → and ← move 5 s.
  await page.keyboard.press(' ');
  await expect.poll(async () => (await audioState(page, PLAYER)).paused).toBe(true);
  const paused = (await audioState(page, PLAYER)).currentMs;
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await audioState(page, PLAYER)).currentMs).toBeGreaterThanOrEqual(paused + 4900);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect
    .poll(async () => (await audioState(page, PLAYER)).currentMs)
    .toBeLessThanOrEqual(paused - 4900 > 0 ? paused - 4900 : 0);
  await page.keyboard.press(' ');
  await expect.poll(async () => (await audioState(page, PLAYER)).paused).toBe(false);

  // A click on a line's text plays from that line too.
  await lines(page).first().locator('.transcript-text').click();
  await expect(lines(page).first()).toHaveAttribute('aria-current', 'time');
  expect((await audioState(page, PLAYER)).currentMs).toBeLessThan(starts[1]);

  // On a short phone screen: the player stays at the top while the transcript scrolls under it;
  // a manual scroll holds the transcript still, and Follow along brings the line being heard back.
  await page.setViewportSize({ width: 390, height: 520 });
  await lines(page).last().locator('.transcript-time').click();
  await expect(lines(page).last()).toHaveAttribute('aria-current', 'time');
  await expect(lines(page).last()).toBeInViewport();
  await expect(page.locator(PLAYER)).toBeInViewport();
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, -2000);
  const followButton = page.getByRole('button', { name: 'Follow along' });
  await expect(followButton).toBeVisible();
  await expect(lines(page).last()).not.toBeInViewport();
  await followButton.click();
  await expect(followButton).toBeHidden();
  await expect(lines(page).last()).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 800 });

  // A recipient of the campaign hears it as well.
  const recipient = newAccount('Brom');
  const other = await browser.newContext();
  const theirs = await other.newPage();
  await registerThroughApi(theirs.request, recipient);
  await shareCampaign(page.request, campaignId, recipient.email);
  await openFullTranscript(theirs, sessionId, campaignId);
  await lines(theirs).nth(2).locator('.transcript-time').click();
  await expect(lines(theirs).nth(2)).toHaveAttribute('aria-current', 'time');
  await expect
    .poll(async () => (await audioState(theirs, PLAYER)).currentMs, { timeout: 10_000 })
    .toBeGreaterThan(starts[2] + 500);
  await other.close();
});
