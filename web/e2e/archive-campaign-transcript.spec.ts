import { expect, test, type Page } from '@playwright/test';
import { seedSegments, seedSession } from './fixtures/seed-sessions';
import { graphql, newAccount, registerThroughApi } from './support/api';
import { createCampaign, shareCampaign } from './support/campaigns';
import { downloadFromMenu } from './support/download-menu';
import { screenshots } from './support/screenshots';

/** The spoiler the game master keeps from the players. */
const SECRET = 'The innkeeper Marla is secretly the lich in disguise.';
const ROAD = [
  { startMs: 0, endMs: 4_000, text: 'We set out from Millbrook at dawn.' },
  { startMs: 6_000, endMs: 9_000, text: 'Who wants pizza? I am ordering two now.', tableTalk: true },
];
const INN = [
  { startMs: 0, endMs: 4_000, text: 'The party arrives at the Prancing Griffin inn.' },
  { startMs: 12_000, endMs: 16_000, text: SECRET },
];
const ROAD_TEXT = '[00:00:00] We set out from Millbrook at dawn.\n[00:00:06] Who wants pizza? I am ordering two now.';

const body = (page: Page) => page.locator('.content-body');
const headings = (page: Page) => body(page).getByRole('heading', { level: 3 });

/**
 * A campaign of two sessions, uploaded in the opposite order to the one they were played in, one
 * line GM-only, shared with a player.
 */
async function sharedCampaign(page: Page) {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Millbrook Nights');
  const inn = await seedSession(campaignId, {
    title: 'The Inn',
    createdAt: new Date('2026-03-08T12:00:00Z'),
    detailedSummary: 'DETAILED SUMMARY OF THE INN',
    fullTranscript: `[00:00:00] ${INN[0].text}\n[00:00:12] ${SECRET}`,
  });
  await seedSegments(inn, INN);
  const road = await seedSession(campaignId, {
    title: 'The Road',
    createdAt: new Date('2026-03-01T12:00:00Z'),
    fullTranscript: ROAD_TEXT,
  });
  await seedSegments(road, ROAD);
  const { session } = await graphql<{ session: { transcriptLines: { id: string; text: string }[] } }>(
    page.request,
    'query ($id: ID!) { session(id: $id) { transcriptLines { id text } } }',
    { id: inn },
  );
  await graphql(page.request, 'mutation ($l: ID!) { setLineGmOnly(lineId: $l, gmOnly: true) { id } }', {
    l: session.transcriptLines.find((l) => l.text === SECRET)!.id,
  });
  const player = newAccount('Brom');
  await shareCampaign(page.request, campaignId, player.email);
  return { campaignId, player };
}

test("a campaign's Full Transcript is its sessions' lines in play order, read-only; a player never sees a GM-only line", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { campaignId, player } = await sharedCampaign(page);

  await page.goto(`/archive?campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  await expect(headings(page)).toHaveText(['The Road', 'The Inn']);
  await expect(body(page)).toContainText('We set out from Millbrook at dawn.');
  const secret = body(page).getByRole('listitem').filter({ hasText: SECRET });
  await expect(secret).toContainText('GM only');
  await expect(body(page)).not.toContainText('DETAILED SUMMARY OF THE INN');
  // Lines are corrected in their session, not here.
  await expect(page.getByRole('button', { name: 'Edit Full Transcript' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Mark |^Line actions/ })).toHaveCount(0);
  await screenshots(page, 'campaign-full-transcript');

  // Table talk is shown or hidden as in a session's transcript.
  await page.getByRole('switch', { name: 'Show table talk' }).uncheck();
  await expect(body(page)).not.toContainText('Who wants pizza?');
  await expect(body(page).getByText('1 table-talk line hidden')).toBeVisible();
  await page.getByRole('switch', { name: 'Show table talk' }).check();

  // Each session opens from its heading.
  await body(page).getByRole('link', { name: 'Open session' }).first().click();
  await expect(page.getByRole('heading', { name: 'The Road', level: 2 })).toBeVisible();

  // The player: the same sessions, the GM-only line not there at all.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const theirs = await context.newPage();
  await registerThroughApi(theirs.request, player);
  await theirs.goto(`/archive?campaign_id=${campaignId}`);
  await theirs.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  await expect(headings(theirs)).toHaveText(['The Road', 'The Inn']);
  await expect(body(theirs)).toContainText('The party arrives at the Prancing Griffin inn.');
  await expect(body(theirs)).toContainText('Who wants pizza?');
  await expect(theirs.getByText(/lich|Marla/)).toHaveCount(0);
  await expect(theirs.getByText('GM only')).toHaveCount(0);
  await screenshots(theirs, 'campaign-full-transcript-recipient');

  // Downloaded, it is what the REST summaries give the player: every session, no GM-only line.
  const file = await downloadFromMenu(theirs, 'Full Transcript (.txt)');
  expect(file.name).toBe('Millbrook_Nights_full.txt');
  // The player's copy marks the line said at the table (the owner's is the text they edit).
  const theirRoad = ROAD_TEXT.replace('[00:00:06] ', '[00:00:06] (table talk) ');
  expect(file.text).toBe(
    `The Road (played 2026-03-01)\n\n${theirRoad}\n\nThe Inn (played 2026-03-08)\n\n[00:00:00] ${INN[0].text}`,
  );
  const rest = await theirs.request.get(`/api/get_campaign_summaries/${campaignId}/`);
  expect(((await rest.json()) as { fullTranscript: string }).fullTranscript).toBe(file.text);
  const all = await downloadFromMenu(theirs, 'All in one file (.md)');
  expect(all.name).toBe('Millbrook_Nights_all.md');
  expect(all.text).toContain('## Full Transcript\n\n### The Road (played 2026-03-01)\n\n[00:00:00] We set out');
  expect(all.text).not.toMatch(/lich|Marla/);
  await context.close();
});

test("a long campaign's transcript loads each session's lines only as it nears the screen", async ({ page }) => {
  test.setTimeout(90_000);
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'The Long Road');
  for (let n = 1; n <= 12; n += 1) {
    const id = await seedSession(campaignId, {
      title: `Night ${n}`,
      createdAt: new Date(Date.UTC(2026, 0, n, 12)),
      fullTranscript: '',
    });
    await seedSegments(
      id,
      Array.from({ length: 20 }, (_, i) => ({
        startMs: i * 5_000,
        endMs: i * 5_000 + 4_000,
        text: `Night ${n}, line ${i + 1}.`,
      })),
    );
  }
  const asked: string[] = [];
  page.on('request', (req) => {
    const op = (req.postDataJSON() as { operationName?: string } | null)?.operationName;
    if (req.url().endsWith('/graphql') && op === 'SessionTranscriptLines') asked.push(op);
  });

  await page.goto(`/archive?campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  await expect(headings(page)).toHaveCount(12);
  await expect(body(page)).toContainText('Night 1, line 20.');
  const last = page.getByRole('region', { name: 'Night 12' });
  await expect(last).toContainText('Loading…');
  expect(asked.length).toBeLessThanOrEqual(3);

  await last.scrollIntoViewIfNeeded();
  await expect(last).toContainText('Night 12, line 20.');
});
