import { expect, test, type APIRequestContext } from '@playwright/test';
import { seedSession } from './fixtures/seed-sessions';
import { graphql, registerThroughApi } from './support/api';
import { choosePaidPlan } from './support/plans';

/** Many campaigns through the api: ten createCampaign mutations a request (the api's cap). */
async function createCampaigns(request: APIRequestContext, titles: string[]): Promise<string[]> {
  const ids: string[] = [];
  // One request at a time: each fetches its CSRF token first, and a newer token replaces the older.
  for (let i = 0; i < titles.length; i += 10) {
    const batch = titles.slice(i, i + 10);
    const fields = batch.map((_, j) => `c${j}: createCampaign(title: $t${j}) { id }`).join(' ');
    const params = batch.map((_, j) => `$t${j}: String!`).join(', ');
    const variables = Object.fromEntries(batch.map((t, j) => [`t${j}`, t]));
    const data = await graphql<Record<string, { id: string }>>(
      request,
      `mutation (${params}) { ${fields} }`,
      variables,
    );
    ids.push(...batch.map((_, j) => data[`c${j}`].id));
  }
  return ids;
}

const titles = Array.from({ length: 300 }, (_, i) => `Campaign ${String(i + 1).padStart(3, '0')}`);

test('with 300 campaigns the sidebar finds one by campaign or session title and keeps the rest collapsed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerThroughApi(page.request);
  const ids = await createCampaigns(page.request, titles);
  expect(ids).toHaveLength(300);
  const dragons = ids[141];
  const other = ids[7];
  await seedSession(dragons, { title: 'Wyrmfall at Dawn' });
  await seedSession(other, { title: 'Goblin Market' });

  await page.goto(`/archive?campaign_id=${other}`);
  const sidebar = page.getByRole('navigation', { name: 'Campaigns' });
  await expect(sidebar.locator('.campaign-item-title')).toHaveCount(300);
  // Only the selected campaign shows its sessions.
  await expect(sidebar.getByRole('list', { name: 'Sessions of Campaign 008' })).toBeVisible();
  await expect(sidebar.getByRole('list', { name: 'Sessions of Campaign 142' })).toHaveCount(0);

  const search = sidebar.getByRole('searchbox', { name: 'Search campaigns and sessions' });
  await search.fill('campaign 142');
  await expect(sidebar.locator('.campaign-item-title')).toHaveText(['Campaign 142']);

  // By session title, case-insensitive: the campaign opens to show the matching session.
  await search.fill('WYRMFALL');
  await expect(sidebar.locator('.campaign-item-title')).toHaveText(['Campaign 142']);
  await sidebar.getByRole('button', { name: /Wyrmfall at Dawn/ }).click();
  await expect(page).toHaveURL(new RegExp(`campaign_id=${dragons}`));
  await expect(page.getByRole('heading', { name: 'Wyrmfall at Dawn', level: 2 })).toBeVisible();

  await search.fill('no such campaign');
  await expect(sidebar.getByText('No campaigns match')).toBeVisible();
  await expect(sidebar.locator('.campaign-item-title')).toHaveCount(0);

  // Keyboard: clear the search, then collapse and expand the selected campaign with its toggle.
  await search.fill('');
  await expect(sidebar.locator('.campaign-item-title')).toHaveCount(300);
  const entry = (title: string) =>
    sidebar.getByRole('listitem').filter({ has: page.getByRole('button', { name: title, exact: true }) });
  const toggle = entry('Campaign 142').getByRole('button', { name: 'Hide sessions' });
  await expect(toggle).toHaveAccessibleDescription('Campaign 142');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(sidebar.getByRole('list', { name: 'Sessions of Campaign 142' })).toHaveCount(0);
  await expect(entry('Campaign 142').getByRole('button', { name: 'Show sessions' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await entry('Campaign 008').getByRole('button', { name: 'Show sessions' }).click();
  await expect(sidebar.getByRole('list', { name: 'Sessions of Campaign 008' })).toContainText('Goblin Market');
});

test('on a phone the sidebar is a drawer with the same search', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughApi(page.request);
  const [first] = await createCampaigns(page.request, ['Pocket Dungeon', 'Pocket Keep', 'Harbor Town']);
  await seedSession(first, { title: 'Rats in the Cellar' });

  await page.goto('/archive');
  const sidebar = page.getByRole('navigation', { name: 'Campaigns' });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'View Campaigns' }).click();
  await expect(sidebar).toBeVisible();
  const box = await sidebar.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await sidebar.getByRole('searchbox', { name: 'Search campaigns and sessions' }).fill('harbor');
  await expect(sidebar.locator('.campaign-item-title')).toHaveText(['Harbor Town']);
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();

  await page.getByRole('button', { name: 'View Campaigns' }).click();
  await sidebar.getByRole('button', { name: 'Close campaigns' }).click();
  await expect(sidebar).toBeHidden();
});

test('/qa on a 390×844 phone keeps the question box inside the window', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughApi(page.request);
  await choosePaidPlan(page.request);
  const [campaignId] = await createCampaigns(page.request, ['Phone Quest']);
  const sessionId = await seedSession(campaignId, { title: 'Short Night' });

  await page.goto(`/qa?transcript_id=${sessionId}`);
  const input = page.getByRole('textbox', { name: 'Your question' });
  await expect(input).toBeVisible();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThanOrEqual(844);
  const box = await input.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });
});
