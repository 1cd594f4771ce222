import { expect, test } from '@playwright/test';
import { graphql, registerThroughApi } from './support/api';
import { firstMailTo, linkIn } from './support/mailpit';
import { screenshots } from './support/screenshots';

/*
 * A password reset revokes every API and MCP token (issue 47): the mail and the reset page say so
 * beforehand, and afterwards the Profile says why the token list is empty, until a new token is made.
 */
test('the reset says tokens go, and the Profile then says why the list is empty', async ({ page, playwright }) => {
  const elsewhere = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const account = await registerThroughApi(elsewhere);
  await graphql(elsewhere, 'mutation { createApiToken(name: "Claude Desktop", scope: READ) { secret } }');

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Link' }).click();
  const mail = await firstMailTo(account.email);
  expect(mail.text.replace(/\s+/g, ' ')).toContain('revokes every API and MCP token of your account');

  // The mail names localhost; the test's server is 127.0.0.1, whose cookies the later pages carry.
  const link = new URL(linkIn(mail));
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(/every API and MCP token is revoked/)).toBeVisible();
  await screenshots(page, 'first-hour-reset-password');
  const password = 'phoenix-feather-9';
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm New Password').fill(password);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile');
  const tokens = page.getByRole('region', { name: 'API Tokens' });
  await expect(tokens.getByText('You have no API tokens.')).toBeVisible();
  await expect(tokens.getByRole('status')).toHaveText(
    /^Your API and MCP tokens were revoked when your password was reset on .+\. Create a new token/,
  );
  await screenshots(page, 'first-hour-profile-tokens-revoked', { fullPage: true });

  // A new token ends the reason: the note goes, and stays gone once that token is revoked.
  await tokens.getByLabel('Token name').fill('Foundry');
  await tokens.getByRole('button', { name: 'Create Token' }).click();
  await expect(tokens.getByRole('cell', { name: 'Foundry', exact: true })).toBeVisible();
  await expect(tokens.getByText(/were revoked when your password was reset/)).toHaveCount(0);
  page.once('dialog', (dialog) => void dialog.accept());
  await tokens.getByRole('button', { name: 'Revoke Foundry' }).click();
  await expect(tokens.getByText('You have no API tokens.')).toBeVisible();
  await expect(tokens.getByText(/were revoked when your password was reset/)).toHaveCount(0);
});

test('an account that never had a token is told nothing about a reset', async ({ page }) => {
  await registerThroughApi(page.request);
  await page.goto('/profile');
  const tokens = page.getByRole('region', { name: 'API Tokens' });
  await expect(tokens.getByText('You have no API tokens.')).toBeVisible();
  await expect(tokens.getByText(/were revoked/)).toHaveCount(0);
});
