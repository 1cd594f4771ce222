import { expect, test, type Browser, type Page } from '@playwright/test';
import { seedSegments, seedSession } from './fixtures/seed-sessions';
import { graphql, newAccount, registerThroughApi } from './support/api';
import { createCampaign, shareCampaign } from './support/campaigns';
import { phoneLineMenu, tapLineAction } from './support/line-menu';
import { screenshots } from './support/screenshots';
import { onPhone } from './support/contexts';

/** The spoiler the game master keeps from the players. */
const SECRET = 'The innkeeper Marla is secretly the lich in disguise.';
const LINES = [
  { startMs: 0, endMs: 4_000, text: 'The party arrives at the village of Millbrook as the sun sets.' },
  { startMs: 6_000, endMs: 9_000, text: 'Who wants pizza? I am ordering two large pizzas now.', tableTalk: true },
  { startMs: 12_000, endMs: 16_000, text: SECRET },
  { startMs: 42_000, endMs: 46_000, text: 'Goblins ambush the party at a narrow bridge over the gorge.' },
  { startMs: 61_000, endMs: 65_000, text: 'Thorin charges across the bridge and cuts down two goblins.' },
];
const NOT_SHARED = "This session's summaries aren't shared with players.";
const UPDATING = 'Updating the summaries after a transcript correction…';

/** A READY session of the signed-in owner with timed lines, shared with a second account by e-mail. */
async function sharedSession(page: Page, browser: Browser) {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Millbrook');
  const sessionId = await seedSession(campaignId, {
    title: 'The Inn at Millbrook',
    briefSummary: `<p>${LINES[0].text} ${SECRET}</p>`,
    detailedSummary: LINES.filter((l) => !l.tableTalk)
      .map((l) => l.text)
      .join(' '),
    fullTranscript: LINES.map((l) => l.text).join('\n'),
  });
  await seedSegments(sessionId, LINES);
  const player = newAccount('Brom');
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const theirs = await context.newPage();
  await registerThroughApi(theirs.request, player);
  await shareCampaign(page.request, campaignId, player.email);
  return { campaignId, sessionId, theirs };
}

const open = (page: Page, sessionId: string, campaignId: string) =>
  page.goto(`/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`);
const view = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();
const lines = (page: Page) => page.getByRole('list', { name: 'Transcript lines' }).getByRole('listitem');
const line = (page: Page, text: string) => lines(page).filter({ hasText: text });
const body = (page: Page) => page.locator('.content-body');
const gmSwitch = (page: Page) => page.getByRole('switch', { name: 'Keep summaries GM-only' });

/** The summaries as the owner's account reads them through the api. */
async function ownerSummaries(page: Page, sessionId: string) {
  const { session } = await graphql<{ session: { briefSummary: string; detailedSummary: string } }>(
    page.request,
    'query ($id: ID!) { session(id: $id) { briefSummary detailedSummary } }',
    { id: sessionId },
  );
  return session;
}

test('the owner keeps a line and the summaries GM-only; the player they share with reads neither', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { campaignId, sessionId, theirs } = await sharedSession(page, browser);

  // The owner marks the spoiler GM-only from the keyboard: Tab from the line's first control.
  await open(page, sessionId, campaignId);
  await view(page, 'Full Transcript');
  const secret = line(page, SECRET);
  await secret.getByRole('button', { name: 'Mark table talk' }).focus();
  await page.keyboard.press('Tab');
  await expect(secret.getByRole('button', { name: 'Mark GM only' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Marked as GM only')).toBeVisible();
  await expect(secret.getByText('GM only', { exact: true })).toBeVisible();
  // Focus stays where the owner pressed, on the control that undoes it.
  await expect(secret.getByRole('button', { name: 'Share with players' })).toBeFocused();
  // Away from the pointer and focus the buttons fade, the badge stays.
  await page.getByRole('heading', { name: 'The Inn at Millbrook' }).click();
  await expect(secret.locator('.line-action-buttons')).toHaveCSS('opacity', '0');
  await expect(secret.getByText('GM only', { exact: true })).toHaveCSS('opacity', '1');
  await screenshots(page, 'gm-only-line', { fullPage: true });
  await secret.hover();
  await expect(secret.locator('.line-action-buttons')).toHaveCSS('opacity', '1');
  await screenshots(page, 'gm-only-line-hover');

  // The summaries are written again from the lines everyone may read: the spoiler leaves them. The
  // lasting outcome is checked, not the notice while it runs: a loaded machine may finish the
  // refresh before the page's refetch reads the stage, and then the notice never shows.
  await expect(page.getByText(UPDATING)).toBeHidden({ timeout: 60_000 });
  await expect
    .poll(async () => (await ownerSummaries(page, sessionId)).detailedSummary, { timeout: 60_000 })
    .not.toContain('lich');
  expect((await ownerSummaries(page, sessionId)).detailedSummary).toContain('Goblins ambush');

  // Then the summaries themselves, for this session, are kept GM-only too.
  await view(page, 'Brief Summary');
  await expect(gmSwitch(page)).not.toBeChecked();
  await expect(gmSwitch(page)).toHaveAccessibleDescription(
    "Players you share this campaign with won't see this session's summaries.",
  );
  await gmSwitch(page).check();
  await expect(page.getByText('Summaries kept GM-only')).toBeVisible();
  await expect(gmSwitch(page)).toBeChecked();
  await screenshots(page, 'gm-only-summaries-switch');

  // The player: the line is not in their transcript at all, and the summaries say they are not shared.
  await open(theirs, sessionId, campaignId);
  await expect(body(theirs)).toContainText(NOT_SHARED);
  await expect(gmSwitch(theirs)).toHaveCount(0);
  await view(theirs, 'Detailed Summary');
  await expect(body(theirs)).toContainText(NOT_SHARED);
  await expect(body(theirs)).not.toContainText('Goblins ambush');
  await screenshots(theirs, 'gm-only-recipient-summary');
  await view(theirs, 'Full Transcript');
  await expect(lines(theirs)).toHaveCount(LINES.length - 1);
  await expect(theirs.getByText('lich')).toHaveCount(0);
  await expect(theirs.getByText('GM only')).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: /Mark GM only|Share with players/ })).toHaveCount(0);
  await screenshots(theirs, 'gm-only-recipient-transcript');
  // Nor in the campaign's index: Marla is named only on the GM-only line.
  await theirs.goto(`/archive?campaign_id=${campaignId}&view=index`);
  const names = theirs.getByRole('list', { name: 'Index' }).getByRole('heading');
  await expect(names.filter({ hasText: 'Thorin' })).toHaveCount(1);
  await expect(names.filter({ hasText: 'Marla' })).toHaveCount(0);
  await expect(theirs.getByText(/lich|Marla/)).toHaveCount(0);

  // The owner, on a fresh visit, still reads both: the line marked, the summaries with the switch on.
  await open(page, sessionId, campaignId);
  await expect(gmSwitch(page)).toBeChecked();
  await view(page, 'Detailed Summary');
  await expect(body(page)).toContainText('Goblins ambush');
  await view(page, 'Full Transcript');
  await expect(lines(page)).toHaveCount(LINES.length);
  await expect(line(page, SECRET)).toContainText('GM only');
  await theirs.context().close();
});

test("shared again, the line and the summaries reach the player; on a phone through each line's one menu", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { campaignId, sessionId, theirs } = await sharedSession(page, browser);
  const { session } = await graphql<{ session: { transcriptLines: { id: string; text: string }[] } }>(
    page.request,
    'query ($id: ID!) { session(id: $id) { transcriptLines { id text } } }',
    { id: sessionId },
  );
  const secretId = session.transcriptLines.find((l) => l.text === SECRET)!.id;
  await graphql(page.request, 'mutation ($l: ID!) { setLineGmOnly(lineId: $l, gmOnly: true) { id } }', {
    l: secretId,
  });
  await graphql(page.request, 'mutation ($s: ID!) { setSessionSummariesGmOnly(id: $s, gmOnly: true) { id } }', {
    s: sessionId,
  });

  // On a phone the owner's badge shows, and each line has one 44 px menu button instead of two buttons.
  const phone = await onPhone(browser, page);
  const touch = await phone.newPage();
  await open(touch, sessionId, campaignId);
  await expect(gmSwitch(touch)).toBeChecked();
  await view(touch, 'Full Transcript');
  for (const l of await lines(touch).all()) await phoneLineMenu(l);
  const secret = line(touch, SECRET);
  await expect(secret.getByText('GM only', { exact: true })).toBeVisible();
  await (await phoneLineMenu(secret)).tap();
  await expect(touch.getByRole('menuitem', { name: 'Share with players' })).toBeVisible();
  await expect(touch.getByRole('menuitem', { name: 'Mark table talk' })).toBeVisible();
  await secret.scrollIntoViewIfNeeded();
  if (process.env.SHOTS_DIR) await touch.screenshot({ path: `${process.env.SHOTS_DIR}/gm-only-touch-390x844.png` });
  await touch.keyboard.press('Escape');
  await expect(touch.getByRole('menu')).toHaveCount(0);

  await tapLineAction(secret, 'Share with players');
  await expect(touch.getByText('Shared with players')).toBeVisible();
  await expect(secret.getByText('GM only', { exact: true })).toHaveCount(0);
  await (await phoneLineMenu(secret)).tap();
  await expect(touch.getByRole('menuitem', { name: 'Mark GM only' })).toBeVisible();
  await touch.keyboard.press('Escape');
  await expect(touch.getByText(UPDATING)).toBeHidden({ timeout: 60_000 });
  await view(touch, 'Brief Summary');
  await gmSwitch(touch).tap();
  await expect(touch.getByText('Summaries shared with players')).toBeVisible();
  await expect(gmSwitch(touch)).not.toBeChecked();
  await phone.close();

  // The player now reads the line and the summaries as the owner does.
  const { briefSummary } = await ownerSummaries(page, sessionId);
  expect(briefSummary).not.toBe('');
  await open(theirs, sessionId, campaignId);
  await expect(body(theirs)).not.toContainText(NOT_SHARED);
  await expect(body(theirs)).not.toContainText('No brief summary yet.');
  await view(theirs, 'Full Transcript');
  await expect(lines(theirs)).toHaveCount(LINES.length);
  await expect(line(theirs, SECRET)).not.toContainText('GM only');
  await theirs.context().close();
});
