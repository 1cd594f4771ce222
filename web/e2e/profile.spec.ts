import { expect, test } from '@playwright/test';
import { newAccount, registerThroughApi } from './support/api';
import { choosePaidPlan } from './support/plans';
import { registeredElsewhere } from './support/contexts';

test.beforeEach(async ({ page }) => {
  await registerThroughApi(page.request, newAccount('Arya'));
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Account Management' })).toBeVisible();
});

test('edits one field at a time and the new value survives a reload', async ({ page }) => {
  await page.getByRole('button', { name: 'Edit First Name' }).click();
  // Only one field at a time, and Change Password hides while editing.
  await expect(page.getByRole('button', { name: 'Edit Last Name' })).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeHidden();

  await page.getByLabel('First Name', { exact: true }).fill('Nymeria');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit First Name' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('First Name', { exact: true })).toHaveText('Nymeria');
});

test('Cancel reverts the field', async ({ page }) => {
  await page.getByRole('button', { name: 'Edit Last Name' }).click();
  await page.getByLabel('Last Name', { exact: true }).fill('Changed');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Last Name', { exact: true })).toHaveText('Lovelace');
});

test('an e-mail in use is reported under the field', async ({ page }) => {
  const other = await registeredElsewhere();
  await page.getByRole('button', { name: 'Edit Email' }).click();
  await page.getByLabel('Email', { exact: true }).fill(other.email);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This email is already in use by another account.')).toBeVisible();
});

test('the language is chosen from the 20 offered', async ({ page }) => {
  await page.getByRole('button', { name: 'Edit Language' }).click();
  const select = page.getByLabel('Language', { exact: true });
  await expect(select.locator('option')).toHaveCount(20);
  await select.selectOption({ label: 'German' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Language', { exact: true })).toHaveText('German');
});

test('change password: mismatch alert, then success alert', async ({ page }) => {
  const messages: string[] = [];
  page.on('dialog', (d) => {
    messages.push(d.message());
    void d.accept();
  });
  await page.getByLabel('Current Password').fill('dragons-42-hoard');
  await page.getByLabel('New Password', { exact: true }).fill('wolves-77-winter');
  await page.getByLabel('Confirm New Password').fill('wolves-77-summer');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect.poll(() => messages).toEqual(['New passwords do not match.']);

  await page.getByLabel('Confirm New Password').fill('wolves-77-winter');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect.poll(() => messages).toEqual(['New passwords do not match.', 'Password updated successfully.']);
});

test('API tokens: create shows the secret once, revoke removes it', async ({ page }) => {
  await page.getByLabel('Token name').fill('My script');
  await page.getByRole('button', { name: 'Create Token' }).click();
  await expect(page.getByLabel('New API token')).toHaveValue(/^qlt_/);
  await expect(page.getByRole('cell', { name: 'My script', exact: true })).toBeVisible();

  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Revoke My script' }).click();
  await expect(page.getByText('You have no API tokens.')).toBeVisible();
});

test('Membership: Free / Viewer offers the upgrade; a paid plan shows its cycle and Manage Subscription', async ({
  page,
}) => {
  const membership = page.getByRole('region', { name: 'Membership' });
  await expect(membership).toContainText('Free / Viewer');
  await expect(membership.getByRole('button', { name: 'Manage Subscription' })).toBeHidden();
  await expect(membership.getByRole('button', { name: 'Upgrade Plan' })).toBeVisible();

  await choosePaidPlan(page.request, 'pro');
  await page.reload();
  await expect(membership).toContainText('Pro');
  await expect(membership).toContainText('Monthly');
  // Self-hosted mode has no renewals or payments to report.
  await expect(membership).not.toContainText('Renews on');
  await expect(membership.getByRole('alert')).toBeHidden();
  await membership.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/plan-select$/);
  await expect(page.getByRole('heading', { name: 'Upgrade Your Plan' })).toBeVisible();
});
