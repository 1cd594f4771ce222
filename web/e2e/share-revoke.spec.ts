import { expect, test } from '@playwright/test';
import { seedSession } from './fixtures/seed-sessions';
import { newAccount, registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { firstMailTo, linkIn } from './support/mailpit';
import { screenshots } from './support/screenshots';
import { signedInElsewhere } from './support/contexts';

/*
 * Sharing you can see and undo (issue 25), with the owner and a player in two browsers: the player
 * is e-mailed a link, and sees the new share counted on "Shared with me" until they open it (here
 * by following that link); the owner sees who has access
 * and removes the player, whose open page then fails its next read cleanly and, reloaded, no
 * longer holds the campaign.
 */
test('the owner lists and removes a recipient; the recipient’s badge, then access, go', async ({ page, browser }) => {
  const { context: playerContext, account: player } = await signedInElsewhere(browser, 'Rin');
  await registerThroughApi(page.request, newAccount('Dana'));
  const campaignId = await createCampaign(page.request, 'The Ember Crown');
  await seedSession(campaignId, { title: 'The Ashen Gate', briefSummary: '<p>The gate opened at dusk.</p>' });

  // Nobody has access yet; the owner shares through the dialog, as before.
  await page.goto(`/archive?campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Share Campaign' }).click();
  let dialog = page.getByRole('dialog', { name: 'Share Campaign' });
  await expect(dialog.getByText('Only you.')).toBeVisible();
  await dialog.getByLabel('Recipient email').fill(player.email);
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`Campaign shared with ${player.email}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The player's archive counts the new share until they open it. They keep a campaign of their
  // own, so the archive opens on it (with none it would open the share itself: first-hour-links).
  await createCampaign(playerContext.request, 'Rin’s own table');
  const theirs = await playerContext.newPage();
  await theirs.goto('/archive');
  const sharedTab = theirs.getByRole('tab', { name: 'Shared with me' });
  await expect(sharedTab).toHaveAccessibleName('Shared with me, 1 new');
  await expect(sharedTab.getByText('1', { exact: true })).toBeVisible();
  // The app's navigation counts it too, on every page.
  await expect(theirs.getByRole('link', { name: 'Archive, 1 new shared' })).toBeVisible();
  await screenshots(theirs, 'archive-shared-badge');
  const notice = await firstMailTo(player.email);
  expect(notice.subject).toBe('Dana shared the campaign The Ember Crown with you');
  const link = new URL(linkIn(notice));
  expect(link.pathname + link.search).toBe(`/archive?campaign_id=${campaignId}`);
  await theirs.goto(link.pathname + link.search);
  await expect(theirs.getByRole('heading', { name: 'The Ember Crown', level: 2 })).toBeVisible();
  await expect(sharedTab).toHaveAttribute('aria-selected', 'true');
  await expect(sharedTab).toHaveAccessibleName('Shared with me');
  await expect(theirs.getByRole('link', { name: 'Archive', exact: true })).toBeVisible();
  // Opened is remembered by the api, not the page.
  await theirs.reload();
  await expect(theirs.getByRole('heading', { name: 'The Ember Crown', level: 2 })).toBeVisible();
  await expect(sharedTab).toHaveAccessibleName('Shared with me');

  // The owner sees who has access, since when, and that they opened it.
  await page.reload();
  await page.getByRole('button', { name: 'Share Campaign' }).click();
  dialog = page.getByRole('dialog', { name: 'Share Campaign' });
  const row = dialog.getByRole('listitem').filter({ hasText: player.email });
  await expect(row).toContainText(/since \w+/);
  await expect(row).toContainText('opened');
  await screenshots(page, 'share-dialog-recipients');
  await row.getByRole('button', { name: `Remove ${player.email}` }).click();
  await expect(dialog.getByText(`Remove ${player.email}’s access to “The Ember Crown”?`)).toBeVisible();
  await screenshots(page, 'share-dialog-remove-confirm');
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText(`${player.email} no longer has access`)).toBeVisible();
  await expect(dialog.getByText('Only you.')).toBeVisible();
  await expect(dialog.getByText(player.email)).toHaveCount(0);

  // The player's open page: its next read is refused, shown as a message, not a broken page.
  await theirs.getByRole('button', { name: 'The Ashen Gate' }).click();
  await expect(theirs.getByText('Session not found')).toBeVisible();
  await expect(theirs.getByText('The gate opened at dusk.')).toHaveCount(0);
  // Reloaded, the campaign is gone from "Shared with me", and the link to it leads nowhere.
  await theirs.goto(`/archive?campaign_id=${campaignId}`);
  await theirs.getByRole('tab', { name: 'Shared with me' }).click();
  await expect(theirs.getByText('Nothing shared with you yet')).toBeVisible();
  await expect(theirs.getByRole('heading', { name: 'The Ember Crown' })).toHaveCount(0);
  await playerContext.close();
});
