import { expect, test, type Locator } from '@playwright/test';
import { seedSegments, seedSession } from './fixtures/seed-sessions';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';

// Issue 47 point 5: on hover, a line's own buttons covered the end of the line being read.

const LONG =
  'Goblins ambush the party at a narrow bridge over the gorge, and the river roars below as the ropes ' +
  'creak and the first arrows thud into the planks beside the cart.';
const LINES = [
  { startMs: 0, endMs: 4_000, text: 'The party arrives at the village of Millbrook as the sun sets.' },
  { startMs: 6_000, endMs: 16_000, text: LONG },
  { startMs: 18_000, endMs: 22_000, text: 'Who wants pizza? I am ordering two large pizzas now.', tableTalk: true },
];

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

test('a line’s actions show beside its words on hover, never over them, and still flip in one click', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Millbrook');
  const sessionId = await seedSession(campaignId, {
    title: 'The Bridge',
    fullTranscript: LINES.map((l) => l.text).join('\n'),
  });
  await seedSegments(sessionId, LINES);
  await page.goto(`/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  const lines = page.getByRole('list', { name: 'Transcript lines' }).getByRole('listitem');
  await expect(lines).toHaveCount(LINES.length);

  for (const text of [LONG, LINES[2].text]) {
    const line = lines.filter({ hasText: text.slice(0, 30) });
    await line.hover();
    const words = await boxOf(line.locator('.transcript-text'));
    const buttons = line.getByRole('button', { name: /^(Mark|Share)/ });
    await expect(buttons).toHaveCount(2);
    for (const button of await buttons.all()) {
      await expect(button).toBeVisible();
      expect(overlaps(await boxOf(button), words)).toBe(false);
    }
  }
  // One click still flips a line, and the GM-only mark it then wears sits beside the words too.
  const long = lines.filter({ hasText: LONG.slice(0, 30) });
  await long.hover();
  await long.getByRole('button', { name: 'Mark GM only' }).click();
  await expect(page.getByText('Marked as GM only')).toBeVisible();
  const badge = long.locator('.gm-only-badge');
  await expect(badge).toBeVisible();
  expect(overlaps(await boxOf(badge), await boxOf(long.locator('.transcript-text')))).toBe(false);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/line-actions-1280x800.png` });
});
