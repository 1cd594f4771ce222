import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { seedSegments, seedSession } from './fixtures/seed-sessions';
import { graphql, registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { choosePaidPlan } from './support/plans';

const NO_ACCESS = 'You need a valid subscription or plan to use the Q&A chatbot. Please upgrade your membership.';

/** A subscriber with a campaign holding one processed session whose transcript mentions the silver key. */
async function subscriberWithSession(page: Page) {
  const account = await registerThroughApi(page.request);
  await choosePaidPlan(page.request);
  const campaignId = await createCampaign(page.request, 'Sunless Citadel');
  const sessionId = await seedSession(campaignId, { title: 'Into the Ravine' });
  // Table talk between the in-game lines keeps each answer's passage (the hit and its in-game
  // neighbours) starting at the line the test expects.
  await seedSegments(sessionId, [
    { startMs: 75_000, endMs: 83_000, text: 'Meepo finds the silver key under the dragon cage.' },
    { startMs: 90_000, endMs: 95_000, text: 'Who wants pizza, I am ordering now.', tableTalk: true },
    { startMs: 120_000, endMs: 128_000, text: 'The party climbs down the ravine on a knotted rope.' },
    { startMs: 3_700_000, endMs: 3_705_000, text: 'Anyone need a drink before the last scene?', tableTalk: true },
    { startMs: 3_754_000, endMs: 3_760_000, text: 'Yusdrayl thanks the party and names them friends of the tribe.' },
  ]);
  return { account, campaignId, sessionId };
}

const question = (page: Page) => page.getByRole('textbox', { name: 'Your question' });
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });

test('an answer cites the session, the citation opens the archive, and the chat downloads', async ({ page }) => {
  const { campaignId, sessionId } = await subscriberWithSession(page);
  // The archive's Q & A button links by session only; the page adds the campaign by replacement.
  await page.goto(`/qa?transcript_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Into the Ravine' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/qa\\?transcript_id=${sessionId}&campaign_id=${campaignId}$`));
  await expect(page.getByRole('button', { name: 'Upgrade Plan' })).toBeHidden();

  // Hold the real answer back a moment so the in-flight state can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('mutation Ask')) await held;
    await route.continue();
  });

  await question(page).fill('Where is the silver key?');
  await question(page).press('Enter');
  await expect(conversation(page)).toContainText('Where is the silver key?');
  await expect(conversation(page).getByRole('status')).toContainText('Thinking');
  await expect(question(page)).toHaveValue('');
  await question(page).fill('And who found it?');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await question(page).press('Enter');
  await expect(question(page)).toHaveValue('And who found it?');
  release();

  const citation = conversation(page).getByRole('link', { name: 'Into the Ravine 0:01:15' });
  await expect(citation).toBeVisible();
  await expect(conversation(page)).toContainText('Meepo finds the silver key under the dragon cage.');
  await expect(conversation(page)).not.toContainText('pizza');
  await expect(conversation(page).getByRole('status')).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Chat' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('chat-history.txt');
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toBe('User: Where is the silver key?');
  expect(lines[1]).toMatch(/^AI: .*Meepo finds the silver key under the dragon cage\./);
  expect(lines[1]).toContain(' [Into the Ravine 0:01:15]');

  await citation.click();
  await expect(page).toHaveURL(new RegExp(`/archive\\?transcript_id=${sessionId}&campaign_id=${campaignId}$`));
  await expect(page.getByRole('heading', { name: 'Into the Ravine' })).toBeVisible();
});

test('Enter sends, Shift+Enter adds a line, and a new scope starts a new chat', async ({ page }) => {
  const { campaignId, sessionId } = await subscriberWithSession(page);
  await page.goto(`/qa?campaign_id=${campaignId}`);
  await expect(page.getByRole('heading', { name: 'Sunless Citadel' })).toBeVisible();

  const box = question(page);
  const oneLine = (await box.boundingBox())!.height;
  await box.pressSequentially('Who thanks the party');
  await box.press('Shift+Enter');
  await box.pressSequentially('at the end?');
  await expect(box).toHaveValue('Who thanks the party\nat the end?');
  expect((await box.boundingBox())!.height).toBeGreaterThan(oneLine);
  // Many lines grow the box only to 160 px; then it scrolls.
  for (let i = 0; i < 8; i += 1) await box.press('Shift+Enter');
  expect((await box.boundingBox())!.height).toBeLessThanOrEqual(160);
  await box.fill('Who thanks the party\nat the end?');

  await box.press('Enter');
  await expect(conversation(page)).toContainText('Who thanks the party\nat the end?');
  await expect(conversation(page).getByRole('link', { name: 'Into the Ravine 1:02:34' })).toBeVisible();

  // Choosing the session replaces the URL and clears the conversation.
  await page.getByRole('navigation', { name: 'Campaigns' }).getByRole('button', { name: 'Into the Ravine' }).click();
  await expect(page).toHaveURL(new RegExp(`/qa\\?transcript_id=${sessionId}&campaign_id=${campaignId}$`));
  await expect(conversation(page)).not.toContainText('Who thanks the party');
  await expect(page.getByRole('button', { name: 'Download Chat' })).toBeDisabled();

  await page.getByRole('button', { name: 'View in Archive' }).click();
  await expect(page).toHaveURL(new RegExp(`/archive\\?transcript_id=${sessionId}&campaign_id=${campaignId}$`));
});

test('a question about nothing in the notes is answered plainly, without citations', async ({ page }) => {
  const { sessionId } = await subscriberWithSession(page);
  await page.goto(`/qa?transcript_id=${sessionId}`);
  await question(page).fill('  What did the xylophone quasar sing?  ');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(conversation(page)).toContainText('What did the xylophone quasar sing?');
  await expect(conversation(page).locator('.qa-message-received')).toHaveCount(1);
  await expect(conversation(page).getByRole('link')).toHaveCount(0);
});

test("a failed question leaves the chat again with the server's reason", async ({ page }) => {
  const { account, sessionId } = await subscriberWithSession(page);
  await page.goto(`/qa?transcript_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Into the Ravine' })).toBeVisible();
  // The session goes away behind the page's back, so the api refuses the question.
  await graphql(page.request, 'mutation ($id: ID!, $p: String!) { deleteSession(id: $id, password: $p) }', {
    id: sessionId,
    p: account.password,
  });

  await question(page).fill('Where is the silver key?');
  await question(page).press('Enter');
  await expect(page.getByText('Session not found')).toBeVisible();
  await expect(conversation(page)).not.toContainText('Where is the silver key?');
  // The question is offered again for another try.
  await expect(question(page)).toHaveValue('Where is the silver key?');
});

test('without Q&A access the page says so and offers the upgrade instead of the input', async ({ page }) => {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Free Campaign');
  await seedSession(campaignId, { title: 'Free Night' });

  await page.goto(`/qa?campaign_id=${campaignId}`);
  await expect(page.getByRole('heading', { name: 'Free Campaign' })).toBeVisible();
  await expect(page.getByText(NO_ACCESS)).toBeVisible();
  await expect(question(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  await expect(page.getByRole('heading', { name: 'Upgrade Your Plan' })).toBeVisible();
});

test('a session still being processed cannot be asked about yet', async ({ page }) => {
  const { campaignId } = await subscriberWithSession(page);
  const busy = await seedSession(campaignId, { title: 'Still Cooking', status: 'PROCESSING' });
  await page.goto(`/qa?transcript_id=${busy}`);
  await expect(page.getByRole('heading', { name: 'Still Cooking' })).toBeVisible();
  await expect(page.getByText('This session is currently being processed. Please check back later.')).toBeVisible();
  await expect(question(page)).toHaveCount(0);
  // The campaign as a whole can be asked about meanwhile.
  await page.getByRole('navigation', { name: 'Campaigns' }).getByRole('button', { name: 'Sunless Citadel' }).click();
  await expect(question(page)).toBeVisible();
});
