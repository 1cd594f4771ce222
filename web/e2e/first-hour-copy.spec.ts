import { expect, test } from '@playwright/test';
import { registerThroughApi } from './support/api';
import { screenshots } from './support/screenshots';

/*
 * Copy that matches what is on the page (issue 47): the dashboard's empty list points up at the
 * uploader above it, and the Q&A add-on's confirmation shows the audio hours the dashboard then
 * shows, both from the plan table's one rule (the add-on keeps Free's allowance).
 */
test('the empty "Latest sessions" points at the recorder and uploader above it', async ({ page }) => {
  await registerThroughApi(page.request);
  await page.goto('/dashboard');
  const latest = page.getByRole('region', { name: 'Latest sessions' });
  await expect(latest).toContainText('No sessions yet. Record or upload a session above and it shows up here.');
  await expect(latest).not.toContainText('below');
  const uploader = await page.getByRole('region', { name: 'Session audio' }).boundingBox();
  const list = await latest.boundingBox();
  expect(uploader && list && uploader.y < list.y).toBe(true);
  await screenshots(page, 'first-hour-dashboard', { fullPage: true });
});

test('the Q&A add-on confirmation shows the audio hours the dashboard shows', async ({ page }) => {
  await registerThroughApi(page.request);
  await page.goto('/plan-select');
  await page.getByRole('button', { name: 'Add Q&A Access · $6/mo' }).click();
  const details = page.locator('.confirmation-details');
  await expect(details).toContainText('Q&A Chatbot Access');
  await expect(details.locator('div', { hasText: 'Audio Hours' }).locator('dd')).toHaveText('1 hour per month');
  await screenshots(page, 'first-hour-addon-confirmation');
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page.getByRole('region', { name: 'Audio hours' })).toContainText('left of 1 h this month');
});
