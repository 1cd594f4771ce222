import { expect, test } from '@playwright/test';
import { registerThroughApi } from './support/api';

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page.request);
});

test('sidebar open on wide screens and toggleable; entries lead to their pages', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Archive' }).click();
  await expect(page.getByRole('heading', { name: 'Archive' })).toBeVisible();
  await nav.getByRole('link', { name: 'Q & A' }).click();
  await expect(page.getByRole('heading', { name: 'Q & A' })).toBeVisible();
  await page.getByRole('button', { name: 'Close sidebar' }).click();
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await expect(nav).toBeVisible();
});

test('sidebar starts closed below 768 px', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 800 });
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
});

test('the user menu closes on an outside click and opens the profile', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('heading', { name: "Let's Get Started!" }).click();
  await expect(page.getByRole('menu')).toBeHidden();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
