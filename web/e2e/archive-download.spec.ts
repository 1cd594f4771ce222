import { expect, test } from '@playwright/test';
import { seedSession } from './fixtures/seed-sessions';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { downloadFromMenu } from './support/download-menu';
import { screenshots } from './support/screenshots';

const TRANSCRIPT = '[00:00:00] GM: Roll for initiative.\n[00:00:04] Thorin: I go first!';

test('Download offers the transcript and each summary as .txt or .md, or all of them in one file', async ({ page }) => {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Lost Mine');
  const sessionId = await seedSession(campaignId, {
    title: 'Goblin Ambush',
    briefSummary: '<p>The party reached the <b>citadel</b>.</p>',
    moderateSummary: '# Kobolds met the party.',
    detailedSummary: '',
    fullTranscript: TRANSCRIPT,
  });
  await page.goto(`/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  await expect(page.getByText('The party reached the citadel.')).toBeVisible();

  // A menu button: it opens with its first file focused; Escape closes it and gives the focus back.
  const download = page.getByRole('button', { name: 'Download', exact: true });
  await expect(download).toHaveAttribute('aria-haspopup', 'menu');
  await download.click();
  const menu = page.getByRole('menu', { name: 'Download' });
  await expect(menu.getByRole('menuitem')).toHaveCount(10);
  await expect(menu.getByRole('menuitem', { name: 'Brief Summary (.txt)' })).toBeFocused();
  // A text not written yet cannot be saved.
  await expect(menu.getByRole('menuitem', { name: 'Detailed Summary (.md)' })).toHaveAttribute('aria-disabled', 'true');
  await screenshots(page, 'session-download-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(download).toBeFocused();

  expect(await downloadFromMenu(page, 'Brief Summary (.txt)')).toEqual({
    name: 'Goblin_Ambush_brief.txt',
    text: 'The party reached the citadel.',
  });
  expect(await downloadFromMenu(page, 'Brief Summary (.md)')).toEqual({
    name: 'Goblin_Ambush_brief.md',
    text: '# Goblin Ambush: Brief Summary\n\nThe party reached the citadel.\n',
  });
  expect(await downloadFromMenu(page, 'Full Transcript (.txt)')).toEqual({
    name: 'Goblin_Ambush_full.txt',
    text: TRANSCRIPT,
  });
  // In Markdown each line is its own paragraph.
  expect(await downloadFromMenu(page, 'Full Transcript (.md)')).toEqual({
    name: 'Goblin_Ambush_full.md',
    text: '# Goblin Ambush: Full Transcript\n\n[00:00:00] GM: Roll for initiative.\n\n[00:00:04] Thorin: I go first!\n',
  });
  expect(await downloadFromMenu(page, 'All in one file (.txt)')).toEqual({
    name: 'Goblin_Ambush_all.txt',
    text: [
      'BRIEF SUMMARY\n\nThe party reached the citadel.',
      'MODERATE SUMMARY\n\n# Kobolds met the party.',
      `FULL TRANSCRIPT\n\n${TRANSCRIPT}`,
    ].join('\n\n\n'),
  });
  // A text that would start a Markdown heading or list is escaped, so it stays text.
  const all = await downloadFromMenu(page, 'All in one file (.md)');
  expect(all.name).toBe('Goblin_Ambush_all.md');
  expect(all.text).toBe(
    '# Goblin Ambush\n\n## Brief Summary\n\nThe party reached the citadel.\n\n## Moderate Summary\n\n\\# Kobolds met the party.' +
      '\n\n## Full Transcript\n\n[00:00:00] GM: Roll for initiative.\n\n[00:00:04] Thorin: I go first!\n',
  );
});

test('a campaign without sessions has no transcript to download', async ({ page }) => {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Waterdeep');
  await page.goto(`/archive?campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  await expect(page.getByText('No full transcript yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Download' });
  await expect(menu.getByRole('menuitem', { name: 'Full Transcript (.txt)' })).toHaveAttribute('aria-disabled', 'true');
  await expect(menu.getByRole('menuitem', { name: 'All in one file (.txt)' })).toHaveAttribute('aria-disabled', 'true');
});
