import { expect, test } from '@playwright/test';
import { newAccount } from './support/api';
import { registeredElsewhere } from './support/contexts';

test('register, then continue with the Free plan, lands on the dashboard', async ({ page }) => {
  const account = newAccount('Brienne');
  await page.goto('/register');
  await page.getByLabel('First Name').fill(account.firstName);
  await page.getByLabel('Last Name').fill(account.lastName);
  await page.getByLabel('Preferred Name (optional)').fill('Bree');
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/plan-select$/);
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByText('Self-hosted mode')).toBeVisible();
  // The new account is already on Free / Viewer: its card continues with it rather than offering to create one.
  const free = page.getByRole('article', { name: 'Free / Viewer' });
  await expect(free).toContainText('Current plan');
  await expect(free.getByRole('button', { name: 'Create Free Account' })).toBeHidden();
  await free.getByRole('button', { name: 'Continue with Free' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: "Let's Get Started!" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Bree');
});

test('registration shows the server error inline', async ({ page }) => {
  const taken = await registeredElsewhere();
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Second');
  await page.getByLabel('Last Name').fill('Comer');
  await page.getByLabel('Email Address').fill(taken.email);
  await page.getByLabel('Password', { exact: true }).fill(taken.password);
  await page.getByLabel('Confirm Password').fill(taken.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email already in use by another account');
  await expect(page).toHaveURL(/\/register$/);
});

test("login with a wrong password shows the server's error", async ({ page }) => {
  const account = await registeredElsewhere();
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('login with the right password goes to the dashboard; Log Out returns to / and clears storage', async ({
  page,
}) => {
  const account = await registeredElsewhere();
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.evaluate(() => {
    localStorage.setItem('leftover', '1');
    sessionStorage.setItem('leftover', '1');
  });
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('questlog_session');

  // The server-side session is gone too: private pages send us back.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});
