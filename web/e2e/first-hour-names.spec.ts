import { expect, test, type Locator, type Page } from '@playwright/test';
import { seedSession } from './fixtures/seed-sessions';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { choosePaidPlan } from './support/plans';
import { screenshots } from './support/screenshots';

/*
 * Long names (issue 47): in every campaign sidebar a long name takes two lines at most, ends in an
 * ellipsis and keeps its whole text for hover and for screen readers; a name input counts the
 * characters before its limit, and text pasted past the limit is cut at a word.
 */

const words = (count: number) =>
  Array.from({ length: count }, (_, i) => ['Dragonlance', 'chronicles', 'of', 'the', 'Shattered', 'Vale'][i % 6]).join(
    ' ',
  );
const LONG = words(30).slice(0, 195).trimEnd();

/** The title's rendered lines: its height over its line height. */
const lines = (title: Locator) =>
  title.evaluate((el) => {
    const style = getComputedStyle(el);
    const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return Math.round(el.getBoundingClientRect().height / lineHeight);
  });

async function checkSidebar(page: Page) {
  const sidebar = page.getByRole('navigation', { name: 'Campaigns' });
  const entry = sidebar.getByRole('button', { name: LONG, exact: true });
  await expect(entry).toBeVisible();
  await expect(entry).toHaveAttribute('title', LONG);
  const title = entry.locator('.campaign-item-title');
  expect(await lines(title)).toBe(2);
  // Clamped, not cut: the text is whole, the box shows less of it.
  expect(await title.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  // Chromium ends a clamped block with an ellipsis.
  await expect(title).toHaveCSS('-webkit-line-clamp', '2');
  await expect(sidebar.getByRole('button', { name: 'Short One', exact: true })).toBeInViewport();
}

test('a long campaign name clamps to two lines in the archive and Q & A sidebars', async ({ page }) => {
  await registerThroughApi(page.request);
  await choosePaidPlan(page.request);
  const longId = await createCampaign(page.request, LONG);
  await seedSession(longId, { title: 'Night One' });
  await createCampaign(page.request, 'Short One');

  await page.goto(`/archive?campaign_id=${longId}`);
  await checkSidebar(page);
  await screenshots(page, 'first-hour-archive-long-name');
  // On a phone the sidebar is an overlay: the same two lines there.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'View Campaigns' }).click();
  await checkSidebar(page);
  await screenshots(page, 'first-hour-archive-long-name-overlay');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/qa?campaign_id=${longId}`);
  await checkSidebar(page);
  await screenshots(page, 'first-hour-qa-long-name');
});

test('the new campaign input counts near its limit and cuts a long paste at a word', async ({ page }) => {
  await registerThroughApi(page.request);
  await page.goto('/dashboard');
  const input = page.getByLabel('New campaign');
  await input.fill('x'.repeat(150));
  await expect(page.getByText(/^\d+\/200$/)).toHaveCount(0);
  await input.fill('x'.repeat(180));
  await expect(page.getByText('180/200')).toBeVisible();

  await input.fill('');
  const pasted = words(40);
  await input.evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, pasted);
  const value = await input.inputValue();
  expect(value.length).toBeLessThanOrEqual(200);
  expect(value.length).toBeGreaterThan(180);
  // Whole words only: what is kept is the paste's beginning, up to a space in it.
  expect(pasted.startsWith(value)).toBe(true);
  expect(pasted[value.length]).toBe(' ');
  await expect(page.getByText(`${value.length}/200`)).toBeVisible();
  await screenshots(page, 'first-hour-dashboard-name-counter');

  await page.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page.getByText('Campaign created successfully')).toBeVisible();
  await expect(page.getByLabel('Choose a campaign').locator('option:checked')).toHaveText(value);
});

test("a recording's long file name becomes a title cut at a word", async ({ page }) => {
  await registerThroughApi(page.request);
  await page.goto('/dashboard');
  const name = `${words(45)}.wav`;
  await page.getByLabel('Choose file').setInputFiles({ name, mimeType: 'audio/wav', buffer: Buffer.from('RIFF') });
  const title = await page.getByLabel('Session title').inputValue();
  expect(title.length).toBeLessThanOrEqual(200);
  expect(name.startsWith(`${title} `)).toBe(true);
  await expect(page.getByText(`${title.length}/200`)).toBeVisible();
});
