import { expect, test } from '@playwright/test';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { screenshots } from './support/screenshots';

/**
 * A game night as a group would import it: the GM narrates most of it, players say what their
 * characters do in the first person, and some talk is about the table, not the story.
 */
const NIGHT = [
  'Matt: The rain has not stopped for three days when you finally reach the gates of Emberfall, a mining town built into the side of the mountain.',
  'Matt: The guards at the gate wear soot-black cloaks, and one of them, a scarred dwarf named Brakka, steps forward and demands to know your business.',
  'Laura: I show Brakka the letter from the Duchess and ask where we can find the foundry master.',
  'Matt: Brakka reads the letter twice, grumbles, and points you up the hill toward the great foundry, where red smoke pours from the chimneys.',
  'Travis: Can someone pass the chips?',
  'Matt: Inside the foundry, the foundry master Ilsevel greets you and explains that miners have been vanishing from the lower tunnels every night.',
  'Sam: I promise Ilsevel that we will find her missing miners before the next shift.',
  'Matt: Ilsevel hands you a brass lantern and a map of the lower tunnels, and warns you about the old collapsed shaft near the eastern vein.',
  'Matt: You descend into the tunnels, and after an hour of walking you find fresh claw marks on the walls and a torn miner’s helmet.',
  'Laura: I pick up the helmet and search the tunnel for tracks.',
  'Matt: The tracks lead to the collapsed shaft, where a pale, eyeless creature is dragging an unconscious miner into the dark.',
  'Travis: I charge the creature and swing my axe at its legs.',
  'Matt: Your axe bites deep, the creature shrieks and flees into the shaft, and the miner, a young woman named Tove, wakes up and thanks you.',
  'Sam: That was amazing, I need a snack break after that.',
  'Matt: Tove tells you that the creatures nest below the eastern vein and that at least six more miners are still down there.',
].join('\n');

test('a recap reads as a story in the third person and says who wrote it', async ({ page }) => {
  test.setTimeout(180_000);
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'The Emberfall Mines');
  await page.goto(`/dashboard?campaign=${campaignId}`);
  await page
    .getByLabel('Import a transcript instead (.vtt, .srt, .txt)')
    .setInputFiles({ name: 'Emberfall night.txt', mimeType: 'text/plain', buffer: Buffer.from(NIGHT) });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/archive\?transcript_id=[0-9a-f-]{36}/);
  const body = page.locator('.content-body');
  const offline = body.getByText(
    /Written offline: the transcript's own sentences in the third person, picked across the night for the people, places and deeds they name\./,
  );
  // The page follows the processing and shows the summaries once the session is READY.
  await expect(offline).toBeVisible({ timeout: 120_000 });

  for (const view of ['Brief Summary', 'Detailed Summary']) {
    await page.getByRole('button', { name: view, exact: true }).click();
    await expect(offline).toBeVisible();
    const recap = (await body.locator('.rich-text').innerText()).trim();
    expect(recap.length).toBeGreaterThan(40);
    // No "Speaker: quote" collage, nobody speaking as "I", and no table talk.
    expect(recap).not.toMatch(/\b(Matt|Laura|Sam|Travis):/);
    expect(recap).not.toMatch(/\bI\b|\bmy\b/);
    expect(recap).not.toContain('chips');
    expect(recap).not.toContain('snack');
  }
  // The detailed recap tells the night with its people and places, players named for what they did.
  const detailed = await body.locator('.rich-text').innerText();
  for (const name of ['Emberfall', 'Brakka', 'Ilsevel', 'Tove']) expect(detailed).toContain(name);
  expect(detailed).toMatch(/Sam promises Ilsevel that the party will find her missing miners/);
  await screenshots(page, 'summary-writer-detailed', { fullPage: true });
  await page.getByRole('button', { name: 'Brief Summary', exact: true }).click();
  await screenshots(page, 'summary-writer-brief');
});
