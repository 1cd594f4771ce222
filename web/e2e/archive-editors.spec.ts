import { expect, test } from '@playwright/test';
import { seedSession } from './fixtures/seed-sessions';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';

test('a session is renamed, moved and deleted, each after its confirmation or password', async ({ page }) => {
  const account = await registerThroughApi(page.request);
  const from = await createCampaign(page.request, 'Storm King');
  const to = await createCampaign(page.request, 'Giants Abroad');
  const sessionId = await seedSession(from, { title: 'Nightstone' });
  await page.goto(`/archive?transcript_id=${sessionId}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Session' });

  await page.getByRole('button', { name: 'Edit Session' }).click();
  await dialog.getByLabel('Session name').fill('  ');
  await dialog.getByRole('button', { name: 'Rename Session' }).click();
  await expect(dialog.getByText('Please enter a valid name')).toBeVisible();
  await dialog.getByLabel('Session name').fill('Nightstone Raid');
  await dialog.getByRole('button', { name: 'Rename Session' }).click();
  await expect(dialog.getByText('Rename “Nightstone” to “Nightstone Raid”?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm Rename' }).click();
  await expect(page.getByText('Session renamed successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Nightstone Raid' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Session' }).click();
  await dialog.getByRole('button', { name: 'Move Session' }).click();
  await expect(dialog.getByText('Please select a campaign')).toBeVisible();
  await dialog.getByLabel('Move to campaign').selectOption({ label: 'Giants Abroad' });
  await dialog.getByRole('button', { name: 'Move Session' }).click();
  await expect(dialog.getByText('Move “Nightstone Raid” to “Giants Abroad”?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm Move' }).click();
  await expect(page.getByText('Session moved successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`campaign_id=${to}`));
  await expect(page.getByRole('list', { name: 'Sessions of Giants Abroad' })).toContainText('Nightstone Raid');
  await expect(page.getByRole('list', { name: 'Sessions of Storm King' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit Session' }).click();
  const password = dialog.getByLabel('Password');
  await dialog.getByRole('button', { name: 'Delete Session' }).click();
  await expect(dialog.getByText('Please enter your password')).toBeVisible();
  await password.fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete Session' }).click();
  await expect(page.getByText('Incorrect password')).toBeVisible();
  await expect(password).toHaveValue('');
  await password.fill(account.password);
  await dialog.getByRole('button', { name: 'Delete Session' }).click();
  await expect(page.getByText('Session deleted successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nightstone Raid' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Giants Abroad', level: 2 })).toBeVisible();
});

test('a campaign is renamed after confirmation and deleted only once it has no sessions', async ({ page }) => {
  const account = await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Out of the Abyss');
  await seedSession(campaignId, { title: 'Velkynvelve' });
  await page.goto(`/archive?campaign_id=${campaignId}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });

  await page.getByRole('button', { name: 'Edit Campaign' }).click();
  await dialog.getByLabel('Campaign name').fill('Into the Underdark');
  await dialog.getByRole('button', { name: 'Rename Campaign' }).click();
  await expect(dialog.getByText('Rename “Out of the Abyss” to “Into the Underdark”?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm Rename' }).click();
  await expect(page.getByText('Campaign renamed successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Into the Underdark', level: 2 })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Campaign' }).click();
  await expect(dialog.getByText('Only campaigns without sessions can be deleted.')).toBeVisible();
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete Campaign' }).click();
  await expect(page.getByText('This campaign still has sessions.')).toBeVisible();
  await expect(dialog.getByLabel('Password')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Velkynvelve' }).click();
  await page.getByRole('button', { name: 'Edit Session' }).click();
  const sessionDialog = page.getByRole('dialog', { name: 'Edit Session' });
  await sessionDialog.getByLabel('Password').fill(account.password);
  await sessionDialog.getByRole('button', { name: 'Delete Session' }).click();
  await expect(page.getByText('Session deleted successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Campaign' }).click();
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete Campaign' }).click();
  await expect(page.getByText('Campaign deleted successfully')).toBeVisible();
  await expect(page.getByText('No campaigns yet')).toBeVisible();
});
