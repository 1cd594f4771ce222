import { expect, test } from '@playwright/test';
import { newAccount, registerThroughApi } from './support/api';
import { firstMailTo, linkIn, mailsTo } from './support/mailpit';
import { screenshots } from './support/screenshots';
import { registeredElsewhere } from './support/contexts';

test('forgot password: the mailed link sets a new password, which signs in; the old one no longer does', async ({
  page,
}) => {
  const account = await registeredElsewhere();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await screenshots(page, 'forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account uses ${account.email}`);
  await screenshots(page, 'forgot-password-sent');

  const mail = await firstMailTo(account.email);
  expect(mail.subject).toBe('Reset your Questlog password');
  const link = linkIn(mail);
  // PUBLIC_URL is unset here: the link names the embedded default, http://localhost:PORT.
  expect(new URL(link).pathname).toBe('/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('short1');
  await page.getByLabel('Confirm New Password').fill('short1');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Password must be at least 8 characters and include a letter and a number.',
  );
  await screenshots(page, 'reset-password-error');
  const newPassword = 'phoenix-feather-9';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Set New Password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been changed. Please sign in with your new password.',
  );
  await screenshots(page, 'login-after-reset');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once: opened again, it is refused and offers a new one.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('another-pass-7');
  await page.getByLabel('Confirm New Password').fill('another-pass-7');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This password reset link is invalid or has expired. Please ask for a new one.',
  );
  await expect(page.getByRole('link', { name: 'Ask for a New Link' })).toBeVisible();
  await screenshots(page, 'reset-password-used-link');
});

test('forgot password answers an address without an account the same way, and mails it nothing', async ({
  page,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const known = await registerThroughApi(request);
  const nobody = newAccount('Nobody').email;
  const answers: string[] = [];
  for (const email of [nobody, known.email]) {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Link' }).click();
    answers.push((await page.getByRole('status').innerText()).replace(email, '<address>'));
  }
  expect(answers[1]).toBe(answers[0]);
  // Asked for first, the address without an account would have its mail by the time the other has.
  await firstMailTo(known.email);
  expect(await mailsTo(nobody)).toEqual([]);
});
