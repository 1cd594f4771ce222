import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { seedSession, sql } from './fixtures/seed-sessions';
import { registerThroughApi } from './support/api';
import { createCampaign, shareCampaign } from './support/campaigns';
import { audioState, ownProcessedSession } from './support/processed-session';
import { signedInElsewhere } from './support/contexts';
import { screenshots } from './support/screenshots';

/*
 * The GM's Voices panel on the session page (issue 49 point 3, docs/speakers.md): a single-track
 * session whose lines diarization gave "Speaker N" labels, named, merged and corrected line by
 * line there, the transcript following without a reload; recipients never see the panel.
 */

const NIGHT: Array<[string, string]> = [
  ['Speaker 1', 'You reach the gates of Morrowgate as the rain begins to fall.'],
  ['Speaker 2', 'I knock on the gate twice and wait.'],
  ['Speaker 3', 'The guard opens a small window in the gate and squints at you.'],
  ['Speaker 1', 'A voice from behind the gate asks for your names and your business.'],
  ['Speaker 2', 'I show the guard the letter of the baron.'],
];

/**
 * What diarization leaves behind, written straight into the database: a READY single-track session
 * whose lines carry speaker labels, 4 s each and 5 s apart, and those voices in the campaign's cast.
 */
async function diarizedNight(page: Page, lines = NIGHT) {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, `Morrowgate ${randomUUID().slice(0, 6)}`);
  const sessionId = await seedSession(campaignId, {
    title: 'The Gates',
    fullTranscript: lines.map(([who, text]) => `${who}: ${text}`).join('\n'),
  });
  for (const [position, [speaker, text]] of lines.entries()) {
    await sql(
      `insert into transcript_segments (id, created_at, updated_at, session_id, position, start_ms, end_ms, text,
         table_talk, speaker)
       values ($1, now(), now(), $2, $3, $4, $5, $6, false, $7)`,
      [randomUUID(), sessionId, position, position * 5000, position * 5000 + 4000, text, speaker],
    );
  }
  const labels = [...new Set(lines.map(([speaker]) => speaker))];
  for (const [n, label] of labels.entries()) {
    const [speaker] = await sql<{ id: string }>(
      `insert into campaign_speakers (id, created_at, updated_at, campaign_id, label, role)
       values (gen_random_uuid(), now() + $3 * interval '1 ms', now(), $1, $2, 'PLAYER') returning id`,
      [campaignId, label, n],
    );
    await sql(`insert into voice_print_parts (speaker_id, session_id, embedding, weight) values ($1, $2, $3, 1)`, [
      speaker.id,
      sessionId,
      [1, 0, 0],
    ]);
  }
  return { campaignId, sessionId };
}

const panel = (page: Page) => page.getByRole('region', { name: 'Voices' });
/** A voice of the panel, by the name it is shown with (its Name button says it). */
const voice = (page: Page, name: string) =>
  panel(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Name ${name}`, exact: true }) });
const transcriptLine = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Transcript lines' }).getByRole('listitem').filter({ hasText: text });

async function openSession(page: Page, { campaignId, sessionId }: { campaignId: string; sessionId: string }) {
  await page.goto(`/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  await panel(page).getByRole('button', { name: 'Show voices' }).click();
}

test('naming a voice: the GM names Speaker 1 in the Voices panel and the transcript says who at once', async ({
  page,
  browser,
}) => {
  const night = await diarizedNight(page);
  await page.goto(`/archive?transcript_id=${night.sessionId}&campaign_id=${night.campaignId}`);
  // Closed at first, above the session's views, saying what is left to do.
  await expect(panel(page)).toContainText('3 heard · 3 not named yet');
  await screenshots(page, 'voices-closed');
  await openSession(page, night);
  // Most talk first: Speaker 1 and 2 said two lines each (8 s), Speaker 3 one.
  await expect(panel(page).getByRole('listitem')).toHaveCount(3);
  await expect(voice(page, 'Speaker 1')).toContainText('8 s · 2 lines');
  await expect(voice(page, 'Speaker 3')).toContainText('4 s · 1 line');
  await expect(panel(page)).toContainText('Voice prints are personal data');
  await screenshots(page, 'voices-panel', { fullPage: true });

  // By keyboard: Enter opens the form, Space ticks the box, Enter in a field saves.
  await voice(page, 'Speaker 1').getByRole('button', { name: 'Name Speaker 1' }).press('Enter');
  const form = page.getByRole('form', { name: 'Name Speaker 1' });
  await form.getByLabel('Game master').press('Space');
  await form.getByLabel('Player').fill('Ada');
  await form.getByLabel('Player').press('Enter');
  await expect(voice(page, 'GM (Ada)')).toContainText('Speaker 1');
  await expect(transcriptLine(page, 'gates of Morrowgate')).toContainText('GM (Ada):');
  await expect(transcriptLine(page, 'names and your business')).toContainText('GM (Ada):');
  await screenshots(page, 'voices-named', { fullPage: true });

  // Serious or critical findings of axe on the page with the panel open, on a laptop and a phone.
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    const result = await new AxeBuilder({ page })
      .include('.voices-panel')
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${size.width}: ${v.id}`)).toEqual([]);
    // Nothing of the panel runs off a phone's screen.
    const width = await panel(page).evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(width).toBeLessThanOrEqual(0);
  }

  // A player the campaign is shared with reads the names, never the panel.
  const { context, account } = await signedInElsewhere(browser, 'Rin');
  await shareCampaign(page.request, night.campaignId, account.email);
  const other = await context.newPage();
  await other.goto(`/archive?transcript_id=${night.sessionId}&campaign_id=${night.campaignId}`);
  await other.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  await expect(transcriptLine(other, 'gates of Morrowgate')).toContainText('GM (Ada):');
  await expect(other.getByRole('region', { name: 'Voices' })).toHaveCount(0);
  await context.close();
});

test('merging two voices and moving a line: the transcript follows each correction', async ({ page }) => {
  const night = await diarizedNight(page);
  await openSession(page, night);

  // Speaker 3 was the GM's voice (Speaker 1) all along.
  await voice(page, 'Speaker 3').getByLabel('Same person as').selectOption({ label: 'Speaker 1' });
  await voice(page, 'Speaker 3').getByRole('button', { name: 'Merge' }).click();
  await expect(panel(page).getByRole('listitem')).toHaveCount(2);
  await expect(voice(page, 'Speaker 1')).toContainText('12 s · 3 lines');
  await expect(transcriptLine(page, 'The guard opens')).toContainText('Speaker 1:');

  // "A voice from behind the gate…" through the letter: a run of two lines Speaker 2 said.
  const move = panel(page).getByRole('form', { name: 'Move lines to another voice' });
  await move.getByLabel('Line', { exact: true }).selectOption({ index: 4 });
  await move.getByLabel('Through line').selectOption({ index: 2 });
  await move.getByLabel('Said by').selectOption({ label: 'Speaker 2' });
  await move.getByRole('button', { name: 'Move 2 lines' }).click();
  await expect(transcriptLine(page, 'names and your business')).toContainText('Speaker 2:');
  await expect(transcriptLine(page, 'letter of the baron')).toContainText('Speaker 2:');
  await expect(transcriptLine(page, 'gates of Morrowgate')).toContainText('Speaker 1:');
  await expect(voice(page, 'Speaker 2')).toContainText('3 lines');
  await screenshots(page, 'voices-corrected', { fullPage: true });
});

test('an unclear voice is offered the closest known one, and the GM can forget the voice prints', async ({ page }) => {
  const night = await diarizedNight(page);
  // Sam, named on an earlier night and not heard in this one, is the closest known voice to Speaker 3.
  const [sam] = await sql<{ id: string }>(
    `insert into campaign_speakers (id, created_at, updated_at, campaign_id, label, player_name, role)
     values (gen_random_uuid(), now(), now(), $1, 'Speaker 9', 'Sam', 'PLAYER') returning id`,
    [night.campaignId],
  );
  await sql(`insert into voice_print_parts (speaker_id, session_id, embedding, weight) values ($1, null, $2, 2)`, [
    sam.id,
    [0, 1, 0],
  ]);
  await sql(`update campaign_speakers set closest_known_id = $2 where campaign_id = $1 and label = 'Speaker 3'`, [
    night.campaignId,
    sam.id,
  ]);
  await openSession(page, night);
  await expect(voice(page, 'Speaker 3')).toContainText('Sounds like Sam?');
  await screenshots(page, 'voices-offer', { fullPage: true });
  await voice(page, 'Speaker 3').getByRole('button', { name: 'Same voice: merge Speaker 3 into Sam' }).click();
  await expect(voice(page, 'Sam')).toContainText('Speaker 9');
  await expect(voice(page, 'Speaker 3')).toHaveCount(0);
  await expect(transcriptLine(page, 'The guard opens')).toContainText('Sam:');
  await screenshots(page, 'voices-same-voice', { fullPage: true });

  await panel(page).getByRole('button', { name: 'Forget voice prints' }).click();
  await panel(page).getByRole('button', { name: 'Forget them' }).click();
  await expect(page.getByText('Voice prints forgotten')).toBeVisible();
  const [left] = await sql<{ n: number }>(
    `select count(*)::int as n from voice_print_parts p join campaign_speakers c on c.id = p.speaker_id
     where c.campaign_id = $1`,
    [night.campaignId],
  );
  expect(left.n).toBe(0);
});

test("a voice's sample plays five seconds of the recording, from where the voice talks longest", async ({ page }) => {
  // A real upload through the pipeline, diarization included: the voices and the recording are its.
  test.setTimeout(360_000);
  const night = await ownProcessedSession(page, 'Dragon Night');
  await openSession(page, night);
  const sample = panel(page)
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: /^Sample of / });
  await screenshots(page, 'voices-sample', { fullPage: true });
  const [, mm, ss] = /from (\d+):(\d+)$/.exec((await sample.getAttribute('aria-label')) ?? '') ?? [];
  const fromMs = (Number(mm) * 60 + Number(ss)) * 1000;
  await sample.click();
  await expect.poll(async () => (await audioState(page, '.voices-audio')).paused).toBe(false);
  expect((await audioState(page, '.voices-audio')).currentMs).toBeGreaterThanOrEqual(fromMs);
  await expect(panel(page).getByRole('button', { name: /^Stop the sample of / })).toBeVisible();
  // It stops by itself after five seconds (or where the recording ends), and says so.
  await expect.poll(async () => (await audioState(page, '.voices-audio')).paused, { timeout: 10_000 }).toBe(true);
  const stoppedMs = (await audioState(page, '.voices-audio')).currentMs;
  expect(stoppedMs).toBeGreaterThan(fromMs + 1000);
  expect(stoppedMs).toBeLessThan(fromMs + 1000 + 5000 + 500);
  await expect(sample).toBeVisible();
});
