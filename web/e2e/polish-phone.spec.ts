import { expect, test, type Locator, type Page } from '@playwright/test';
import { seedSegments, seedSession } from './fixtures/seed-sessions';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { choosePaidPlan } from './support/plans';
import { screenshots } from './support/screenshots';

/*
 * A phone (390×844, issue 47): the Q&A header leaves the screen to the conversation and each
 * citation chip keeps to one line; the Edit Session dialog fits with its Delete in sight, not
 * scrolled inside; the Profile's MCP snippets wrap instead of scrolling sideways in a clipped box.
 */

test.use({ viewport: { width: 390, height: 844 } });

const LONG_TITLE = 'The Long Night Beneath the Sunless Citadel';

/** The box's height over one line of its text: 1 for a chip on one line. */
const lines = (el: Locator) =>
  el.evaluate((node) => {
    const style = getComputedStyle(node);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return Math.floor(node.getBoundingClientRect().height / (line * 1.5)) + 1;
  });

async function owner(page: Page) {
  await registerThroughApi(page.request);
  await choosePaidPlan(page.request);
  const campaignId = await createCampaign(page.request, 'Sunless Citadel');
  const sessionId = await seedSession(campaignId, { title: LONG_TITLE });
  await seedSegments(sessionId, [
    { startMs: 0, endMs: 8_000, text: 'You stand at the edge of the ravine.' },
    { startMs: 75_000, endMs: 83_000, text: 'Meepo finds the silver key under the dragon cage.' },
  ]);
  return { campaignId, sessionId };
}

test('Q & A on a phone: the conversation starts in the top quarter, each citation on one line', async ({ page }) => {
  const { campaignId, sessionId } = await owner(page);
  await page.goto(`/qa?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log).toBeVisible();
  // Top bar, page title and the chat's heading together: at most a quarter of the screen.
  expect((await log.boundingBox())!.y).toBeLessThanOrEqual(844 / 4);
  await expect(page.getByRole('button', { name: 'View Campaigns' })).toBeInViewport();

  const box = page.getByRole('textbox', { name: 'Your question' });
  await box.fill('Who finds the silver key under the dragon cage?');
  await box.press('Enter');
  const chips = log.getByRole('list', { name: 'Sources' }).getByRole('listitem');
  await expect(chips.first()).toBeVisible({ timeout: 30_000 });
  for (const chip of await chips.all()) expect(await lines(chip)).toBe(1);
  // The whole label stays the link's name, even where the eye sees an ellipsis.
  await expect(chips.first().getByRole('link')).toContainText(LONG_TITLE);
  await screenshots(page, 'polish-qa-phone');
});

test('Edit Session on a phone fits the screen, Delete in sight without scrolling inside it', async ({ page }) => {
  const { campaignId, sessionId } = await owner(page);
  await page.goto(`/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Edit Session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Session' });
  await expect(dialog).toBeVisible();
  const { y, height } = (await dialog.boundingBox())!;
  expect(y).toBeGreaterThanOrEqual(0);
  expect(y + height).toBeLessThanOrEqual(844);
  expect(await dialog.evaluate((d) => d.scrollHeight <= d.clientHeight + 1)).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Delete Session' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Rename Session' })).toBeInViewport({ ratio: 1 });
  // A laptop's 1280×800 too.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await dialog.evaluate((d) => d.scrollHeight <= d.clientHeight + 1)).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Delete Session' })).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshots(page, 'polish-edit-session');
});

test("the Profile's MCP snippets wrap on a phone instead of scrolling sideways", async ({ page }) => {
  await registerThroughApi(page.request);
  await page.goto('/profile');
  const snippets = page.locator('.assistant-snippet pre');
  await expect(snippets.first()).toBeVisible();
  expect(await snippets.count()).toBeGreaterThan(1);
  for (const pre of await snippets.all()) {
    expect(await pre.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
  // Nor does the page itself scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshots(page, 'polish-profile-snippets', { fullPage: true });
});
