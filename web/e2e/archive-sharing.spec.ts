import { expect, test } from '@playwright/test';
import { seedSession } from './fixtures/seed-sessions';
import { newAccount, registerThroughApi } from './support/api';
import { signedInElsewhere } from './support/contexts';

test('campaigns created on the dashboard, one shared; the recipient reads it read-only and removes it', async ({
  page,
  browser,
}) => {
  const { context: recipientContext, account: recipient } = await signedInElsewhere(browser, 'Rin');
  const owner = await registerThroughApi(page.request, newAccount('Gale'));

  // Two campaigns through the dashboard form; each new one becomes the selected campaign.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: "Let's Get Started!" })).toBeVisible();
  const name = page.getByPlaceholder('Enter campaign name');
  const picker = page.getByLabel('Choose a campaign');
  for (const title of ['Curse of Strahd', 'Tomb of Annihilation']) {
    await name.fill(title);
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(page.getByText('Campaign created successfully').first()).toBeVisible();
    await expect(picker.locator('option:checked')).toHaveText(title);
  }
  await expect(page).toHaveURL(/[?&]campaign=/);
  const strahdId = await picker.locator('option', { hasText: 'Curse of Strahd' }).getAttribute('value');
  await seedSession(strahdId!, { title: 'Death House', briefSummary: '<p>The children were ghosts.</p>' });
  // The campaign query value preselects, e.g. for a link from elsewhere.
  await page.goto(`/dashboard?campaign=${strahdId}`);
  await expect(page.getByLabel('Choose a campaign').locator('option:checked')).toHaveText('Curse of Strahd');

  // The campaign with a session comes first and is selected on arrival.
  await page.goto('/archive');
  await expect(page.getByRole('heading', { name: 'Curse of Strahd', level: 2 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`campaign_id=${strahdId}`));

  await page.getByRole('button', { name: 'Share Campaign' }).click();
  const share = page.getByRole('dialog', { name: 'Share Campaign' });
  await share.getByRole('button', { name: 'Share' }).click();
  await expect(share.getByText('Please enter an email address')).toBeVisible();
  // The server's own refusal is shown as it is worded.
  await share.getByLabel('Recipient email').fill(owner.email);
  await share.getByRole('button', { name: 'Share' }).click();
  await share.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('You cannot share a campaign with yourself')).toBeVisible();
  await share.getByLabel('Recipient email').fill(recipient.email);
  await share.getByRole('button', { name: 'Share' }).click();
  await expect(share.getByText(`Share “Curse of Strahd” with ${recipient.email}?`)).toBeVisible();
  await share.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`Campaign shared with ${recipient.email}`)).toBeVisible();
  await expect(share).toBeHidden();

  // The recipient finds it under 'Shared with me' and can read it, but change nothing.
  const other = await recipientContext.newPage();
  await other.goto('/archive');
  // Owning no campaign, they arrive on what is shared with them (issue 47).
  await expect(other.getByRole('tab', { name: 'Shared with me' })).toHaveAttribute('aria-selected', 'true');
  await other.getByRole('tab', { name: 'Shared with me' }).click();
  await expect(other.getByRole('heading', { name: 'Curse of Strahd', level: 2 })).toBeVisible();
  await other.getByRole('button', { name: 'Death House' }).click();
  await expect(other.getByText('The children were ghosts.')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Download' })).toBeEnabled();
  for (const control of [/^Edit/, /^Share/, /Rename/, /Delete/, /Move/, /Remove/]) {
    await expect(other.getByRole('button', { name: control })).toHaveCount(0);
  }

  await other.getByRole('button', { name: 'Curse of Strahd' }).click();
  for (const control of [/^Edit/, /^Share/, /Rename/, /Delete/]) {
    await expect(other.getByRole('button', { name: control })).toHaveCount(0);
  }
  await other.getByRole('button', { name: 'Remove from Shared' }).click();
  const confirm = other.getByRole('dialog', { name: 'Remove from Shared' });
  await expect(confirm.getByText('Remove “Curse of Strahd” from your shared campaigns?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(other.getByText('Shared campaign removed')).toBeVisible();
  await expect(other.getByText('Nothing shared with you yet')).toBeVisible();
  await expect(other.getByRole('tab', { name: 'Shared with me' })).toHaveAttribute('aria-selected', 'true');
  await recipientContext.close();
});
