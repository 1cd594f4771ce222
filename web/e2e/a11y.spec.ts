import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { seedSegments, seedSession } from './fixtures/seed-sessions';
import { registerThroughApi } from './support/api';
import { createCampaign, shareCampaign } from './support/campaigns';
import { signedInElsewhere } from './support/contexts';
import { choosePaidPlan } from './support/plans';
import { screenshots } from './support/screenshots';

/*
 * Every route, signed out, as a GM and as a player, at the desktop and phone sizes, checked by
 * axe-core: no serious or critical violation anywhere. The rule that a label must contain its
 * visible text is experimental in axe, so it is switched on; it is one of those a person met.
 */

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

interface Route {
  name: string;
  path: string;
  /** Shown once the page has its content, so axe checks the page and not its loading state. */
  ready: (page: Page) => Locator;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first();

/** One line per serious or critical violation: route, size, rule, impact and the elements it names. */
async function violations(page: Page, route: Route): Promise<string[]> {
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(route.path);
    await expect(route.ready(page)).toBeVisible();
    // Toasts and transitions come and go; axe reads the page as it settled.
    await page.waitForLoadState('networkidle');
    const result = await new AxeBuilder({ page })
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    for (const v of result.violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      const targets = v.nodes.map((n) => n.target.join(' ')).join(' | ');
      found.push(`${route.name} ${size.width}x${size.height}: ${v.id} (${v.impact}) at ${targets}`);
    }
  }
  await screenshots(page, `a11y-${route.name.replace(/\W+/g, '-')}`);
  return found;
}

async function checkAll(page: Page, routes: readonly Route[]) {
  const found: string[] = [];
  for (const route of routes) found.push(...(await violations(page, route)));
  expect(found, found.join('\n')).toEqual([]);
}

test('signed out: landing, sign-in, sign-up, password reset and 404 pass axe', async ({ page }) => {
  test.setTimeout(120_000);
  await checkAll(page, [
    { name: 'landing', path: '/', ready: (p) => p.getByRole('main') },
    { name: 'login', path: '/login', ready: heading(/sign in|log in/i) },
    { name: 'signup', path: '/register', ready: (p) => p.getByRole('button', { name: /create|sign up|register/i }) },
    { name: 'forgot password', path: '/forgot-password', ready: (p) => p.getByRole('textbox').first() },
    { name: 'reset password', path: '/reset-password?token=not-a-token', ready: (p) => p.getByRole('main') },
    { name: '404', path: '/no-such-page', ready: (p) => p.getByRole('main') },
  ]);
});

test('the keyboard sees where it is: a focused control shows a dark ring', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByRole('textbox', { name: /email/i });
  await email.focus();
  // A text field shows its ring as a border and a solid shadow of the same indigo.
  await expect(email).toHaveCSS('box-shadow', /rgb\(79, 70, 229\)/);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus-visible');
  await expect(focused).toHaveCount(1);
  await expect(focused).toHaveCSS('outline-color', 'rgb(79, 70, 229)');
  await expect(focused).toHaveCSS('outline-style', 'solid');
});

/** A GM with one campaign and one finished session that has timed lines, shared with a player. */
async function table(page: Page, browser: Browser) {
  await registerThroughApi(page.request);
  await choosePaidPlan(page.request);
  const campaignId = await createCampaign(page.request, 'Sunless Citadel');
  const sessionId = await seedSession(campaignId, { title: 'Into the Ravine' });
  await seedSegments(sessionId, [
    { startMs: 0, endMs: 6_000, text: 'You stand at the edge of the ravine.' },
    { startMs: 6_000, endMs: 12_000, text: 'Who wants pizza?', tableTalk: true },
    { startMs: 12_000, endMs: 20_000, text: 'Meepo finds the silver key under the dragon cage.' },
  ]);
  const player = await signedInElsewhere(browser, 'Bree');
  await shareCampaign(page.request, campaignId, player.account.email);
  return { campaignId, sessionId, player };
}

test('a GM: dashboard, archive session and campaign, Q & A, profile and plans pass axe', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { campaignId, sessionId, player } = await table(page, browser);
  await player.context.close();
  await checkAll(page, [
    { name: 'dashboard', path: '/dashboard', ready: heading("Let's Get Started!") },
    {
      name: 'archive session',
      path: `/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`,
      ready: heading('Into the Ravine'),
    },
    { name: 'archive campaign', path: `/archive?campaign_id=${campaignId}`, ready: heading('Sunless Citadel') },
    {
      name: 'Q & A',
      path: `/qa?transcript_id=${sessionId}&campaign_id=${campaignId}`,
      ready: heading('Into the Ravine'),
    },
    { name: 'profile', path: '/profile', ready: heading('Profile') },
    { name: 'plans', path: '/plan-select', ready: heading(/Choose Your Plan/) },
  ]);
});

test('a player: the shared campaign in the archive and Q & A pass axe', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { campaignId, sessionId, player } = await table(page, browser);
  const playerPage = await player.context.newPage();
  await checkAll(playerPage, [
    // First the dashboard, while the share is still unseen: the navigation's Archive shows its count.
    { name: 'player dashboard', path: '/dashboard', ready: heading("Let's Get Started!") },
    { name: 'player archive', path: '/archive', ready: heading('Sunless Citadel') },
    {
      name: 'player archive session',
      path: `/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`,
      ready: heading('Into the Ravine'),
    },
    { name: 'player Q & A', path: `/qa?campaign_id=${campaignId}`, ready: heading('Sunless Citadel') },
  ]);
  await player.context.close();
});
