import { expect, test } from '@playwright/test';
import { registerThroughApi } from './support/api';

test('a signed-in user visiting /login is sent to /dashboard', async ({ page }) => {
  await registerThroughApi(page.request);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a signed-out visitor to /profile is sent to /', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
