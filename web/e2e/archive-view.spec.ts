import { expect, test } from '@playwright/test';
import { seedSession, setLastEdited } from './fixtures/seed-sessions';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

test('sidebar order, auto-selection and a URL kept by replacement', async ({ page }) => {
  await registerThroughApi(page.request);
  const older = await createCampaign(page.request, 'Older Tales');
  await createCampaign(page.request, 'Empty Shelf');
  const newer = await createCampaign(page.request, 'Newer Tales');
  const first = await seedSession(older, { title: 'First Night', createdAt: hoursAgo(48) });
  const second = await seedSession(newer, { title: 'Second Night', createdAt: hoursAgo(24) });
  await setLastEdited(older, hoursAgo(48));
  await setLastEdited(newer, hoursAgo(24));

  await page.goto('/archive');
  // Campaigns with sessions first, the most recently edited first; the empty one, though newest, last.
  const campaigns = page.getByRole('navigation', { name: 'Campaigns' }).locator('.campaign-item-title');
  await expect(campaigns).toHaveText(['Newer Tales', 'Older Tales', 'Empty Shelf']);
  await expect(page).toHaveURL(new RegExp(`\\?campaign_id=${newer}$`));
  await expect(page.getByRole('heading', { name: 'Newer Tales', level: 2 })).toBeVisible();

  const historyLength = await page.evaluate(() => history.length);
  await page.getByRole('button', { name: 'Detailed Summary', exact: true }).click();
  await page.getByRole('button', { name: 'Second Night' }).click();
  await expect(page).toHaveURL(new RegExp(`transcript_id=${second}&campaign_id=${newer}`));
  // A new session starts on Brief Summary.
  await expect(page.getByRole('button', { name: 'Brief Summary', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Choosing a session while editing cancels the edit.
  await page.getByRole('button', { name: 'Edit Brief Summary' }).click();
  await page.getByRole('button', { name: 'First Night' }).click();
  await expect(page.getByRole('textbox', { name: 'Brief Summary text' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`transcript_id=${first}&campaign_id=${older}`));

  await page.getByRole('button', { name: 'Older Tales' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?campaign_id=${older}$`));
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
});

test('below 768 px the campaigns open as an overlay from View Campaigns', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Pocket Campaign');
  await seedSession(campaignId, { title: 'Phone Night' });

  await page.goto('/archive');
  await expect(page.getByRole('heading', { name: 'Pocket Campaign', level: 2 })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Campaigns' });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'View Campaigns' }).click();
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole('button', { name: 'Phone Night' }).click();
  await expect(sidebar).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Phone Night' })).toBeVisible();
});
