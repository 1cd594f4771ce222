import { expect, test, type Page } from '@playwright/test';
import { seedSegments, seedSession } from './fixtures/seed-sessions';
import { graphql, newAccount, registerThroughApi } from './support/api';
import { createCampaign, shareCampaign } from './support/campaigns';
import { phoneLineMenu } from './support/line-menu';
import { screenshots } from './support/screenshots';
import { onPhone } from './support/contexts';

/** The distinctive in-game fact the owner decides was a player's joke, i.e. table talk. */
const FACT = 'The silver key lies hidden under the altar of Vorn.';
const LINES = [
  { startMs: 0, endMs: 4_000, text: 'The party arrives at the village of Millbrook as the sun sets.' },
  { startMs: 6_000, endMs: 9_000, text: 'Who wants pizza? I am ordering two large pizzas now.', tableTalk: true },
  { startMs: 12_000, endMs: 16_000, text: FACT },
  { startMs: 42_000, endMs: 46_000, text: 'Goblins ambush the party at a narrow bridge over the gorge.' },
  { startMs: 50_000, endMs: 53_000, text: 'Sorry, my phone is ringing, one second.', tableTalk: true },
  { startMs: 61_000, endMs: 65_000, text: 'Thorin charges across the bridge and cuts down two goblins.' },
];
const inGame = LINES.filter((l) => !l.tableTalk);

/** A READY session of the signed-in owner with timed lines and the summaries processing made of them. */
async function ownSession(page: Page) {
  const owner = await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Millbrook');
  const sessionId = await seedSession(campaignId, {
    title: 'The Silver Key',
    detailedSummary: inGame.map((l) => l.text).join(' '),
    fullTranscript: LINES.map((l) => l.text).join('\n'),
  });
  await seedSegments(sessionId, LINES);
  return { owner, campaignId, sessionId };
}

async function openFullTranscript(page: Page, sessionId: string, campaignId: string) {
  await page.goto(`/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Full Transcript', exact: true }).click();
}

const lines = (page: Page) => page.getByRole('list', { name: 'Transcript lines' }).getByRole('listitem');
const line = (page: Page, text: string) => lines(page).filter({ hasText: text });

test('Show table talk: on in the transcript, dimmed and labelled; off hides those lines and says how many', async ({
  page,
}) => {
  const { sessionId, campaignId } = await ownSession(page);
  await openFullTranscript(page, sessionId, campaignId);
  const toggle = page.getByRole('switch', { name: 'Show table talk' });
  await expect(toggle).toBeChecked();
  await expect(lines(page)).toHaveCount(6);
  await expect(line(page, 'Who wants pizza?')).toContainText('Table talk');
  await expect(line(page, 'Who wants pizza?')).toHaveClass(/table-talk/);
  await screenshots(page, 'table-talk-shown');

  await toggle.uncheck();
  await expect(lines(page)).toHaveCount(4);
  await expect(page.getByText('2 table-talk lines hidden')).toBeVisible();
  await expect(page.getByText('Who wants pizza?')).toHaveCount(0);
  await screenshots(page, 'table-talk-hidden');

  // The choice is the reader's: it holds on the next visit.
  await page.reload();
  await page.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Show table talk' })).not.toBeChecked();
  await expect(lines(page)).toHaveCount(4);
  await page.getByRole('switch', { name: 'Show table talk' }).check();
  await expect(lines(page)).toHaveCount(6);
});

test('the owner flips a line to table talk and the summaries follow; a recipient sees no such control', async ({
  page,
  browser,
}) => {
  const { sessionId, campaignId } = await ownSession(page);
  await page.goto(`/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Detailed Summary', exact: true }).click();
  await expect(page.locator('.content-body')).toContainText(FACT);

  await page.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  const fact = line(page, FACT);
  await fact.hover();
  await screenshots(page, 'table-talk-flip-control');
  await fact.getByRole('button', { name: 'Mark table talk' }).click();
  await expect(fact).toContainText('Table talk');
  await expect(fact.getByRole('button', { name: 'Mark in-game' })).toBeAttached();

  // Once the summaries are written again (stage cleared), the fact is no longer in them: the page
  // shows the new ones by itself. The notice shown meanwhile is not waited for: a loaded machine may
  // finish the refresh before the page's refetch reads the stage, and then it never shows.
  await expect(page.getByText('Updating the summaries after a transcript correction…')).toBeHidden({
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Detailed Summary', exact: true }).click();
  await expect(page.locator('.content-body')).not.toContainText('altar of Vorn', { timeout: 60_000 });
  await expect(page.locator('.content-body')).toContainText('Goblins ambush the party');

  // On a phone each line has one menu button (44 px) that holds the owner's controls.
  const phone = await onPhone(browser, page);
  const touch = await phone.newPage();
  await openFullTranscript(touch, sessionId, campaignId);
  for (const l of await lines(touch).all()) await phoneLineMenu(l);
  await (await phoneLineMenu(line(touch, 'Goblins ambush'))).tap();
  await expect(touch.getByRole('menuitem', { name: 'Mark table talk' })).toBeVisible();
  await touch.keyboard.press('Escape');
  await (await phoneLineMenu(line(touch, FACT))).tap();
  await expect(touch.getByRole('menuitem', { name: 'Mark in-game' })).toBeVisible();
  if (process.env.SHOTS_DIR) await touch.screenshot({ path: `${process.env.SHOTS_DIR}/table-talk-touch-390x844.png` });
  await phone.close();

  const recipient = newAccount('Brom');
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const theirs = await other.newPage();
  await registerThroughApi(theirs.request, recipient);
  await shareCampaign(page.request, campaignId, recipient.email);
  await openFullTranscript(theirs, sessionId, campaignId);
  await expect(lines(theirs)).toHaveCount(6);
  await expect(line(theirs, FACT)).toContainText('Table talk');
  await line(theirs, FACT).hover();
  await expect(theirs.getByRole('button', { name: /Mark (table talk|in-game)/ })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await other.close();
});

test('editing the full transcript edits lines: a line gets new words and keeps its time', async ({ page }) => {
  const { sessionId, campaignId } = await ownSession(page);
  await openFullTranscript(page, sessionId, campaignId);
  await page.getByRole('button', { name: 'Edit Full Transcript' }).click();
  const editor = page.getByRole('textbox', { name: 'Line at 0:42' });
  await expect(editor).toHaveValue('Goblins ambush the party at a narrow bridge over the gorge.');
  await expect(page.getByRole('textbox', { name: /^Line at/ })).toHaveCount(6);
  await editor.fill('Kobolds ambush the party at a narrow bridge over the gorge.');
  await screenshots(page, 'table-talk-line-editor');

  // An emptied line is refused before it is sent.
  await page.getByRole('textbox', { name: 'Line at 0:00' }).fill('  ');
  await expect(page.getByRole('alert')).toHaveText(
    'A line cannot be empty. To remove a line, edit the full transcript.',
  );
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Line at 0:00' }).fill(LINES[0].text);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Content updated successfully')).toBeVisible();
  await expect(editor).toBeHidden();
  const edited = line(page, 'Kobolds ambush the party');
  await expect(edited.getByRole('link')).toHaveAccessibleName('Play from 0:42');
  await expect(edited.getByRole('link')).toHaveAttribute('data-start-ms', '42000');
  await expect(lines(page)).toHaveCount(6);
  await expect(line(page, 'Who wants pizza?')).toContainText('Table talk');

  // The stored full text follows the lines (what Download gives).
  const stored = await graphql<{ session: { fullTranscript: string } }>(
    page.request,
    'query ($id: ID!) { session(id: $id) { fullTranscript } }',
    { id: sessionId },
  );
  expect(stored.session.fullTranscript).toContain(
    '[00:00:42] Kobolds ambush the party at a narrow bridge over the gorge.',
  );
});
