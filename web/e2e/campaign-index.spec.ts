import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { seedSegments, seedSession } from './fixtures/seed-sessions';
import { newAccount, registerThroughApi } from './support/api';
import { createCampaign, shareCampaign } from './support/campaigns';
import { screenshots } from './support/screenshots';

const FIRST = [
  { startMs: 0, endMs: 4_000, text: 'You reach the walls of Morrowgate as the rain begins.' },
  { startMs: 5_000, endMs: 9_000, text: 'The gate captain, a scarred woman named Vessaline, blocks the road.' },
  { startMs: 10_000, endMs: 13_000, text: 'Anyone want pizza? I can order from Morrowgate Pizza.', tableTalk: true },
  { startMs: 14_000, endMs: 18_000, text: 'Vessaline warns you that Kragmaw, the orc warlord, rides from Duskhollow.' },
  { startMs: 19_000, endMs: 22_000, text: 'She asks you to find the lost caravan before winter.' },
];
const SECOND = [
  { startMs: 0, endMs: 4_000, text: 'Thorin draws the Ember Blade and charges Kragmaw.' },
  { startMs: 5_000, endMs: 9_000, text: 'Kragmaw flees towards Duskhollow, bleeding.' },
];

async function campaignWithSessions(page: Page) {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Ember Road');
  const first = await seedSession(campaignId, { title: 'The Gate', createdAt: new Date(Date.now() - 86_400_000) });
  await seedSegments(first, FIRST);
  const second = await seedSession(campaignId, {
    title: 'The Duel',
    briefSummary: 'Thorin wounds Kragmaw, who flees.',
  });
  await seedSegments(second, SECOND);
  return { campaignId, first, second };
}

const entry = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Index' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });

/** The owner marks an entry GM-only in its edit dialog; the list then says so. */
async function markGmOnly(page: Page, name: string) {
  await entry(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByLabel(/GM only/).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(entry(page, name)).toContainText('GM only');
}

test('the campaign index lists its names with kinds and mentions; the owner edits and merges entries', async ({
  page,
}) => {
  const { campaignId, first } = await campaignWithSessions(page);
  await page.goto(`/archive?campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Index', exact: true }).click();
  await expect(page).toHaveURL(/view=index/);
  const names = page.getByRole('list', { name: 'Index' }).getByRole('heading');
  await expect(names).toHaveText(['Morrowgate', 'Vessaline', 'Kragmaw', 'Duskhollow', 'Thorin', 'Ember Blade']);
  await expect(entry(page, 'Morrowgate')).toContainText('Place');
  await expect(entry(page, 'Vessaline')).toContainText('a scarred woman named Vessaline');
  await expect(entry(page, 'Kragmaw')).toContainText('First in The Gate, last in The Duel');
  await expect(entry(page, 'Kragmaw')).toContainText('3 mentions');
  // "Previously on…": the last session in brief and what is still open.
  const recap = page.getByRole('region', { name: 'Previously on…' });
  await expect(recap).toContainText('The Duel');
  await expect(recap).toContainText('Thorin wounds Kragmaw, who flees.');
  await expect(recap.getByRole('list', { name: 'Open threads' })).toContainText(
    'Quest She asks you to find the lost caravan before winter. The Gate · 0:19',
  );
  await screenshots(page, 'campaign-index');

  // Printed (or saved as PDF), the page is the index alone: no app frame, lists or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await expect(entry(page, 'Thorin').getByRole('button', { name: 'Edit Thorin' })).toBeHidden();
  await expect(names).toHaveText(['Morrowgate', 'Vessaline', 'Kragmaw', 'Duskhollow', 'Thorin', 'Ember Blade']);
  await screenshots(page, 'campaign-index-print', { fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The campaign as an Obsidian vault, from the Export menu.
  await page.getByText('Export', { exact: true }).click();
  await screenshots(page, 'campaign-export-menu');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Obsidian vault (.zip)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Ember Road (Obsidian vault).zip');
  const vault = unzipSync(fs.readFileSync(await download.path()));
  expect(strFromU8(vault['Ember Road/Sessions/01 The Gate.md'])).toContain('named [[Index/Vessaline]]');
  await page.getByText('Export', { exact: true }).click();

  // A mention links to its moment in the session.
  await entry(page, 'Vessaline').getByText('Mentions', { exact: true }).click();
  await screenshots(page, 'campaign-index-mentions');
  // The archive's player takes `t` out of the URL once it has used it, so the link is checked as written.
  const moment = entry(page, 'Vessaline').getByRole('link', { name: 'The Gate · 0:05' });
  await expect(moment).toHaveAttribute('href', `/archive?transcript_id=${first}&t=5000`);
  await moment.click();
  await expect(page).toHaveURL(new RegExp(`transcript_id=${first}`));
  await expect(page.getByRole('heading', { name: 'The Gate' })).toBeVisible();
  await page.goBack();

  // Filter by name and by kind.
  await page.getByRole('searchbox', { name: 'Filter names' }).fill('dusk');
  await expect(names).toHaveText(['Duskhollow']);
  await page.getByRole('searchbox', { name: 'Filter names' }).fill('');
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('Place');
  await expect(names).toHaveText(['Morrowgate', 'Duskhollow']);
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('');

  // The owner: Thorin is a player's character, with a note; Kragmaw is GM-only.
  await entry(page, 'Thorin').getByRole('button', { name: 'Edit Thorin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Thorin' });
  await dialog.getByLabel('Kind').selectOption('Character');
  await dialog.getByLabel('Notes').fill('Dwarf fighter, played by Sam.');
  await screenshots(page, 'campaign-index-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(entry(page, 'Thorin')).toContainText('Character');
  await expect(entry(page, 'Thorin')).toContainText('Dwarf fighter, played by Sam.');
  await markGmOnly(page, 'Kragmaw');

  // Merge: the Ember Blade is Thorin's sword; merging moves its mentions.
  await entry(page, 'Ember Blade').getByRole('button', { name: 'Edit Ember Blade' }).click();
  const merge = page.getByRole('dialog', { name: 'Edit Ember Blade' });
  await merge.getByLabel('Merge into').selectOption('Thorin');
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(entry(page, 'Ember Blade')).toHaveCount(0);
  await expect(entry(page, 'Thorin')).toContainText('also “Ember Blade”');
});

test('a recipient reads the index without GM-only entries and without edit controls', async ({ page, browser }) => {
  const { campaignId } = await campaignWithSessions(page);
  const player = newAccount('Pia');
  await shareCampaign(page.request, campaignId, player.email);
  await page.goto(`/archive?campaign_id=${campaignId}&view=index`);
  await markGmOnly(page, 'Kragmaw');

  const context = await browser.newContext();
  const theirs = await context.newPage();
  await registerThroughApi(theirs.request, player);
  await theirs.goto(`/archive?campaign_id=${campaignId}&view=index`);
  const names = theirs.getByRole('list', { name: 'Index' }).getByRole('heading');
  await expect(names).toHaveText(['Morrowgate', 'Vessaline', 'Duskhollow', 'Thorin', 'Ember Blade']);
  await expect(theirs.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await screenshots(theirs, 'campaign-index-recipient');
  await context.close();
});
