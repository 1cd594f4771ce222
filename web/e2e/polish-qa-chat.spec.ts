import { expect, test, type Page } from '@playwright/test';
import { seedSegments, seedSession } from './fixtures/seed-sessions';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { choosePaidPlan } from './support/plans';
import { audioState, uploadProcessedSession } from './support/processed-session';
import { screenshots } from './support/screenshots';

/*
 * Answers that play in place (issue 47): a citation plays its passage in a small player inside
 * the chat, which also opens it in the archive; the conversation lasts the visit, across pages,
 * and only a reload (a new visit) or another session starts it afresh.
 */

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });

async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: 'Your question' });
  await box.fill(question);
  await box.press('Enter');
  await expect(conversation(page).getByRole('list', { name: 'Sources' }).last()).toBeVisible({ timeout: 30_000 });
}

test('the conversation survives a visit to the archive and back, by Back or by the Q & A link', async ({ page }) => {
  await registerThroughApi(page.request);
  await choosePaidPlan(page.request);
  const campaignId = await createCampaign(page.request, 'Sunless Citadel');
  const sessionId = await seedSession(campaignId, { title: 'Into the Ravine' });
  await seedSegments(sessionId, [
    { startMs: 0, endMs: 8_000, text: 'You stand at the edge of the ravine.' },
    { startMs: 75_000, endMs: 83_000, text: 'Meepo finds the silver key under the dragon cage.' },
  ]);
  const other = await seedSession(campaignId, { title: 'The Goblin Warrens' });

  await page.goto(`/qa?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  await ask(page, 'Who finds the silver key?');
  const asked = conversation(page).getByText('Who finds the silver key?');

  // A citation's archive link, then Back: the same conversation.
  await conversation(page).getByRole('list', { name: 'Sources' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/archive\?/);
  await page.goBack();
  await expect(asked).toBeVisible();
  await expect(conversation(page).getByRole('list', { name: 'Sources' })).toBeVisible();

  // Elsewhere, then the main navigation's Q & A (a bare /qa): the chat reopens where it was.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /Dashboard/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Q & A/ }).click();
  await expect(asked).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Into the Ravine', level: 2 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`transcript_id=${sessionId}`));

  // Another session clears it (docs/product.md#states), and so does a new visit.
  await page.goto(`/qa?transcript_id=${other}&campaign_id=${campaignId}`);
  await expect(page.getByRole('heading', { name: 'The Goblin Warrens', level: 2 })).toBeVisible();
  await page.goto(`/qa?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  await expect(page.getByRole('heading', { name: 'Into the Ravine', level: 2 })).toBeVisible();
  await expect(asked).toHaveCount(0);
  await ask(page, 'Who finds the silver key?');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Into the Ravine', level: 2 })).toBeVisible();
  await expect(asked).toHaveCount(0);
});

test('a citation plays in a small player in the chat, which pauses and opens the passage in the archive', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await registerThroughApi(page.request);
  await choosePaidPlan(page.request);
  const campaignId = await createCampaign(page.request, 'Dragon Heist');
  const sessionId = await uploadProcessedSession(page.request, campaignId);

  await page.goto(`/qa?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  const player = page.getByRole('region', { name: 'Passage player' });
  await expect(player).toBeHidden();
  await ask(page, 'Who ran into the dark forest behind the mill?');
  const sources = conversation(page).getByRole('list', { name: 'Sources' });
  const link = sources.getByRole('link').first();
  const href = (await link.getAttribute('href'))!;
  const sessionTitle = (await link.textContent())!.replace(/\s+\d+:\d\d:\d\d$/, '');

  await sources
    .getByRole('button', { name: /^Play / })
    .first()
    .click();
  await expect(player).toBeVisible();
  await expect(player).toContainText(sessionTitle);
  const pause = player.getByRole('button', { name: 'Pause passage' });
  await expect(pause).toBeVisible();
  await expect.poll(async () => (await audioState(page, 'audio.qa-citation-audio')).paused).toBe(false);
  await screenshots(page, 'polish-qa-player');

  await pause.click();
  await expect(player.getByRole('button', { name: 'Play passage' })).toBeVisible();
  expect((await audioState(page, 'audio.qa-citation-audio')).paused).toBe(true);
  await expect(player.getByRole('link', { name: 'Open in Archive' })).toHaveAttribute('href', href);
  await player.getByRole('button', { name: 'Close player' }).click();
  await expect(player).toBeHidden();
});
