import { expect, test, type Page } from '@playwright/test';
import { seedSegments, seedSession } from './fixtures/seed-sessions';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { phoneLineMenu, tapLineAction } from './support/line-menu';

const LINES = [
  { startMs: 0, endMs: 4_000, text: 'The party arrives at the village of Millbrook as the sun sets.' },
  { startMs: 6_000, endMs: 9_000, text: 'Who wants pizza? I am ordering two large pizzas now.', tableTalk: true },
  { startMs: 12_000, endMs: 16_000, text: 'The innkeeper Marla is secretly the lich in disguise.' },
  { startMs: 42_000, endMs: 46_000, text: 'Goblins ambush the party at a narrow bridge over the gorge.' },
];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const lines = (page: Page) => page.getByRole('list', { name: 'Transcript lines' }).getByRole('listitem');
const line = (page: Page, text: string) => lines(page).filter({ hasText: text });

async function openTranscript(page: Page) {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Millbrook');
  const sessionId = await seedSession(campaignId, {
    title: 'The Inn at Millbrook',
    fullTranscript: LINES.map((l) => l.text).join('\n'),
  });
  await seedSegments(sessionId, LINES);
  await page.goto(`/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  await expect(lines(page)).toHaveCount(LINES.length);
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('each line has one 44 px menu button; it is a real menu from the keyboard and by touch', async ({ page }) => {
    await openTranscript(page);
    for (const l of await lines(page).all()) await phoneLineMenu(l);
    await expect(page.getByRole('button', { name: /^Mark / })).toHaveCount(0);

    // The keyboard: Enter opens with the first action focused, arrows move, Escape gives the focus back.
    const goblins = line(page, 'Goblins ambush');
    const button = await phoneLineMenu(goblins);
    await expect(button).toHaveAccessibleName('Line actions at 0:42');
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Line actions at 0:42' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Mark table talk', 'Mark GM only']);
    await expect(menu.getByRole('menuitem', { name: 'Mark table talk' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Mark GM only' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Mark table talk' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // A tap elsewhere closes it too, and nothing changed.
    await button.tap();
    await expect(menu).toBeVisible();
    await goblins.scrollIntoViewIfNeeded();
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/line-menu-open-390x844.png` });
    await page.getByRole('heading', { name: 'The Inn at Millbrook' }).tap();
    await expect(menu).toHaveCount(0);
    await expect(goblins).not.toContainText('Table talk');

    // By touch: the action runs, and the menu then offers its undo.
    await tapLineAction(goblins, 'Mark table talk');
    await expect(page.getByText('Marked as table talk')).toBeVisible();
    await expect(goblins).toContainText('Table talk');
    await (await phoneLineMenu(goblins)).tap();
    await expect(page.getByRole('menuitem', { name: 'Mark in-game' })).toBeVisible();
  });
});

test.describe('on a touch tablet, wide as it is', () => {
  test.use({ viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true });

  test('each line has the one menu button too: a coarse pointer cannot hover', async ({ page }) => {
    await openTranscript(page);
    for (const l of await lines(page).all()) await phoneLineMenu(l);
    await tapLineAction(line(page, 'Goblins ambush'), 'Mark GM only');
    await expect(page.getByText('Marked as GM only')).toBeVisible();
    await expect(line(page, 'Goblins ambush').getByText('GM only', { exact: true })).toBeVisible();
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/line-menu-tablet-820x1180.png` });
  });
});

test('a desktop keeps its two buttons per line, shown on hover, and no line menu', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTranscript(page);
  const goblins = line(page, 'Goblins ambush');
  await goblins.hover();
  await expect(goblins.getByRole('button', { name: 'Mark table talk' })).toBeVisible();
  await expect(goblins.getByRole('button', { name: 'Mark GM only' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Line actions/ })).toHaveCount(0);
});
