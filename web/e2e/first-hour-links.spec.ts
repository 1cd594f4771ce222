import { expect, test, type Page } from '@playwright/test';
import { seedSession } from './fixtures/seed-sessions';
import { newAccount, registerThroughApi, type TestAccount } from './support/api';
import { createCampaign, shareCampaign } from './support/campaigns';
import { signedInElsewhere } from './support/contexts';
import { screenshots } from './support/screenshots';

/*
 * Links that land where they point (issue 47): a link followed while signed out goes through
 * sign-in and on to its page; a plain sign-in still goes to the dashboard; the return path is
 * this app's own; and a player with only shared campaigns arrives on "Shared with me".
 */

async function signIn(page: Page, account: TestAccount) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a session link followed while signed out signs in and opens that session', async ({ page, playwright }) => {
  const owner = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const account = await registerThroughApi(owner, newAccount('Dana'));
  const campaignId = await createCampaign(owner, 'The Ember Crown');
  await createCampaign(owner, 'A Newer Campaign');
  const sessionId = await seedSession(campaignId, { title: 'The Ashen Gate' });
  const link = `/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`;

  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?next=/);
  await expect(page.getByText('Sign in to open the page you followed.')).toBeVisible();
  await screenshots(page, 'first-hour-login-with-return');
  await signIn(page, account);
  await expect(page).toHaveURL(link);
  await expect(page.getByRole('heading', { name: 'The Ashen Gate', level: 2 })).toBeVisible();

  // Signed in already, the same /login link goes straight on to the page.
  await page.goto(`/login?next=${encodeURIComponent(link)}`);
  await expect(page).toHaveURL(link);
});

test('a plain sign-in goes to the dashboard, and a return path off this app is ignored', async ({ page }) => {
  const account = await registerThroughApi(await page.context().request, newAccount('Rin'));
  await page.context().clearCookies();
  for (const next of [
    '',
    '//evil.example/archive',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
  ]) {
    await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
    await signIn(page, account);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
    await page.context().clearCookies();
  }
  // A bare signed-in page names nothing to return to: the landing page, as before.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
});

test('a player who owns no campaign but has one shared opens the archive on "Shared with me"', async ({
  page,
  browser,
}) => {
  const { context: gm } = await signedInElsewhere(browser, 'Dana');
  const player = await registerThroughApi(page.request, newAccount('Rin'));
  const campaignId = await createCampaign(gm.request, 'Curse of Strahd');
  await seedSession(campaignId, { title: 'Death House' });
  await shareCampaign(gm.request, campaignId, player.email);

  await page.goto('/archive');
  const shared = page.getByRole('tab', { name: /^Shared with me/ });
  await expect(shared).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Curse of Strahd', level: 2 })).toBeVisible();
  await expect(page.getByText('No campaigns yet')).toHaveCount(0);
  await screenshots(page, 'first-hour-archive-shared-first');
  // The tabs still work as before: My Archive is there to pick.
  await page.getByRole('tab', { name: 'My Archive' }).click();
  await expect(page.getByRole('tab', { name: 'My Archive' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No campaigns yet')).toBeVisible();
  await gm.close();
});
