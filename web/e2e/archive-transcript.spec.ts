import { expect, test, type Page } from '@playwright/test';
import { seedSegments, seedSession } from './fixtures/seed-sessions';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';

const LINES = [
  { startMs: 0, endMs: 2_700, text: 'The party meets Thoren at the gate.' },
  { startMs: 5_000, endMs: 6_100, text: 'Who wants pizza?', tableTalk: true },
  { startMs: 42_000, endMs: 44_300, text: 'They ride to crag maw castle.' },
  { startMs: 3_725_000, endMs: 3_727_000, text: 'The dragon wakes.' },
];
const FULL = [
  '[00:00:00] The party meets Thoren at the gate.',
  '[00:00:05] Who wants pizza?',
  '[00:00:42] They ride to crag maw castle.',
  '[01:02:05] The dragon wakes.',
].join('\n');

async function openFullTranscript(page: Page) {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Lost Mine');
  const sessionId = await seedSession(campaignId, { title: 'Goblin Ambush', fullTranscript: FULL });
  await seedSegments(sessionId, LINES);
  await page.goto(`/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  return { campaignId, sessionId };
}

/** The transcript line whose text contains `text`. */
const line = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Transcript lines' }).getByRole('listitem').filter({ hasText: text });

test('the full transcript shows each line’s time as a link to that moment, table talk marked', async ({ page }) => {
  const { sessionId } = await openFullTranscript(page);
  const lines = page.getByRole('list', { name: 'Transcript lines' }).getByRole('listitem');
  await expect(lines).toHaveCount(4);

  const times = [
    ['Play from 0:00', '#t=0', '0'],
    ['Play from 0:05', '#t=5', '5000'],
    ['Play from 0:42', '#t=42', '42000'],
    ['Play from 1:02:05', '#t=3725', '3725000'],
  ];
  for (const [i, [name, href, startMs]] of times.entries()) {
    const link = lines.nth(i).getByRole('link', { name });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('data-start-ms', startMs);
  }
  await expect(line(page, 'They ride to crag maw castle.').getByRole('link')).toHaveText('0:42');

  await expect(line(page, 'Who wants pizza?')).toContainText('Table talk');
  await expect(line(page, 'Who wants pizza?')).toHaveClass(/table-talk/);
  await expect(line(page, 'The dragon wakes.')).not.toContainText('Table talk');

  // Following a time keeps the session open; the player of a later issue starts there.
  await line(page, 'They ride').getByRole('link', { name: 'Play from 0:42' }).click();
  await expect(page).toHaveURL(new RegExp(`transcript_id=${sessionId}.*#t=42$`));
  await expect(lines).toHaveCount(4);
});

test('fixing names in the transcript keeps every line’s time, and the campaign learns the names', async ({ page }) => {
  const { campaignId } = await openFullTranscript(page);
  await page.getByRole('button', { name: 'Edit Full Transcript' }).click();
  // Lines are edited one by one; adding or removing lines takes the whole text.
  await page.getByRole('button', { name: 'Edit as plain text' }).click();
  const editor = page.getByRole('textbox', { name: 'Full Transcript text' });
  await expect(editor).toHaveValue(FULL);
  // Two names fixed, the table talk deleted, and one prefix lost on the way.
  await editor.fill(
    [
      '[00:00:00] The party meets Thorin at the gate.',
      'They ride to Kragmaw castle.',
      '[01:02:05] The dragon wakes.',
    ].join('\n'),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Content updated successfully')).toBeVisible();
  await expect(editor).toBeHidden();

  const lines = page.getByRole('list', { name: 'Transcript lines' }).getByRole('listitem');
  await expect(lines).toHaveCount(3);
  await expect(line(page, 'The party meets Thorin at the gate.').getByRole('link')).toHaveAccessibleName(
    'Play from 0:00',
  );
  await expect(line(page, 'They ride to Kragmaw castle.').getByRole('link')).toHaveAccessibleName('Play from 0:42');
  await expect(line(page, 'The dragon wakes.').getByRole('link')).toHaveAccessibleName('Play from 1:02:05');
  await expect(page.getByText('Who wants pizza?')).toHaveCount(0);

  // The campaign editor now lists the corrected names for the next transcription.
  await page.goto(`/archive?campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Edit Campaign' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Edit Campaign' }).getByRole('textbox', { name: 'Characters, NPCs and places' }),
  ).toHaveValue('Thorin, Kragmaw');
});
