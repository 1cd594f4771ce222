import { expect, test } from '@playwright/test';
import { registerThroughApi } from './support/api';

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page.request);
});

test('upgrading from the dashboard applies a paid plan and confirms it', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL(/\/plan-select$/);
  await expect(page.getByRole('heading', { name: 'Upgrade Your Plan' })).toBeVisible();
  await expect(
    page.getByText('Select a plan to unlock more features and increase your audio processing limits.'),
  ).toBeVisible();
  for (const name of ['Free / Viewer', 'Beginner', 'Standard', 'Pro']) {
    await expect(page.getByRole('article', { name, exact: true })).toBeVisible();
  }

  await page
    .getByRole('article', { name: 'Standard' })
    .getByRole('button', { name: /^Annual/ })
    .click();
  await expect(page).toHaveURL(/\/payment-confirmation\?success=true&plan=standard&billing=annual$/);
  await expect(page.getByText('Your account has been upgraded successfully!')).toBeVisible();
  const details = page.locator('.confirmation-details');
  await expect(details).toContainText('Standard');
  await expect(details).toContainText('Annual');
  await expect(details).toContainText('16 hours per month');

  await page.getByRole('button', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // A paid subscriber no longer sees the upgrade button, but manages the subscription on the profile.
  await expect(page.getByRole('button', { name: 'Upgrade Plan' })).toBeHidden();
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Membership' })).toContainText('Standard');
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Upgrade Your Plan' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Standard' })).toContainText('Current plan');

  // Back to Free applies at once and needs no confirmation page.
  await page.getByRole('button', { name: 'Create Free Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Upgrade Plan' })).toBeVisible();
});

test('a checkout return without success shows Processing Payment... first and looks the plan up', async ({ page }) => {
  await page.goto('/payment-confirmation?plan=beginner&billing=monthly');
  await expect(page.getByText('Processing Payment...')).toBeVisible();
  await expect(page.getByText('Your account is now active.')).toBeVisible({ timeout: 5_000 });
  await expect(page.locator('.confirmation-details')).toContainText('Beginner');
  await expect(page.locator('.confirmation-details')).toContainText('Monthly');
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a canceled checkout says so on the plan picker', async ({ page }) => {
  await page.goto('/plan-select?canceled=true');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByText('Payment was canceled. You can try again or select a different plan.')).toBeVisible();
});
