import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { graphql, registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { screenshots } from './support/screenshots';

/**
 * Speech for Chromium's fake microphone (--use-file-for-fake-audio-capture wants a 16-bit PCM
 * WAV; it loops it). Made before the browser starts, since its path is a launch argument.
 */
function fakeMicrophone(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-fake-mic-'));
  const lines = [
    'The dragon lands on the castle wall and roars at the village below.',
    'I draw my sword and charge at the dragon.',
    'Roll for initiative. The dragon breathes fire across the bridge.',
  ];
  const parts = lines.map((text, i) => {
    const file = path.join(dir, `line-${i}.wav`);
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', file, text]);
    return file;
  });
  const out = path.join(dir, 'microphone.wav');
  execFileSync('sox', [...parts, '-r', '48000', '-c', '1', '-b', '16', out, 'pad', '0', '1']);
  return out;
}

const MICROPHONE = fakeMicrophone();

// A recording is spoken in real time, mostly waiting: each test (an account of its own) may take
// the other worker, rather than this file holding one worker for all of them in a row.
test.describe.configure({ mode: 'parallel' });

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${MICROPHONE}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

const panel = (page: Page) => page.getByRole('region', { name: 'Record this session' });
const elapsedSeconds = async (page: Page) => {
  const [h, m, s] = ((await page.getByRole('timer', { name: 'Elapsed time' }).textContent()) ?? '0:0:0')
    .split(':')
    .map(Number);
  return h * 3600 + m * 60 + s;
};

/** Records until the timer shows `seconds`: enough for MediaRecorder to have handed over parts. */
async function recordFor(page: Page, seconds: number): Promise<void> {
  await expect.poll(() => elapsedSeconds(page), { timeout: (seconds + 20) * 1000 }).toBeGreaterThanOrEqual(seconds);
}

async function waitUntilReady(request: APIRequestContext, id: string) {
  let ready = { transcript: '', durationSeconds: 0 };
  await expect
    .poll(
      async () => {
        const data = await graphql<{ session: { status: string; fullTranscript: string; durationSeconds: number } }>(
          request,
          'query ($id: ID!) { session(id: $id) { status fullTranscript durationSeconds } }',
          { id },
        );
        ready = {
          transcript: data.session.fullTranscript.toLowerCase(),
          durationSeconds: data.session.durationSeconds,
        };
        return data.session.status;
      },
      { timeout: 180_000 },
    )
    .toBe('READY');
  return ready;
}

async function savedSessionId(page: Page): Promise<string> {
  const link = panel(page).getByRole('link', { name: 'Open in the archive' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  const href = (await link.getAttribute('href')) ?? '';
  return new URL(href, 'http://x').searchParams.get('transcript_id') ?? '';
}

test('record, watch the level, pause and resume, stop: the session becomes READY with its transcript', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Dragon Heist');
  await page.goto(`/dashboard?campaign=${campaignId}`);
  await expect(panel(page).getByRole('button', { name: 'Record' })).toBeEnabled();
  await screenshots(page, 'record-idle', { fullPage: true });

  await panel(page).getByLabel('Recording title').fill('Live at the table');
  await panel(page).getByRole('button', { name: 'Record' }).click();
  await expect(panel(page).getByText('Recording: Live at the table')).toBeVisible();
  // The fake microphone speaks: the meter moves off zero.
  await expect
    .poll(async () =>
      Number(await panel(page).getByRole('meter', { name: 'Microphone level' }).getAttribute('aria-valuenow')),
    )
    .toBeGreaterThan(0);
  await recordFor(page, 3);
  await screenshots(page, 'record-recording', { fullPage: true });

  await panel(page).getByRole('button', { name: 'Pause' }).click();
  await expect(panel(page).getByText('Paused: Live at the table')).toBeVisible();
  const pausedAt = await elapsedSeconds(page);
  await page.waitForTimeout(1_500);
  expect(await elapsedSeconds(page)).toBe(pausedAt);
  await screenshots(page, 'record-paused', { fullPage: true });
  await panel(page).getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(panel(page).getByText('Recording: Live at the table')).toBeVisible();
  await recordFor(page, 14);

  await panel(page).getByRole('button', { name: 'Stop' }).click();
  const id = await savedSessionId(page);
  await screenshots(page, 'record-saved', { fullPage: true });
  const { transcript } = await waitUntilReady(page.request, id);
  expect(transcript).toContain('castle wall');
});

test('notes while you play: the transcript grows in the archive before Stop, and the session becomes READY', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Storm King');
  await page.goto(`/dashboard?campaign=${campaignId}`);
  await panel(page).getByLabel('Recording title').fill('The long night');
  await panel(page).getByRole('button', { name: 'Record' }).click();
  await expect(panel(page).getByText('Recording: The long night')).toBeVisible();

  // The archive opens in a new tab: leaving the dashboard would stop the recording.
  const [archive] = await Promise.all([
    context.waitForEvent('page'),
    panel(page).getByRole('link', { name: 'Follow the transcript in the archive (new tab)' }).click(),
  ]);
  await expect(archive.getByRole('heading', { name: 'The long night', level: 2 })).toBeVisible();
  // What the microphone said arrives line by line while the game goes on (10 s chunks here).
  const soFar = archive.getByRole('region', { name: 'Transcript so far' });
  await expect(
    soFar
      .getByRole('listitem')
      .filter({ hasText: /dragon/i })
      .first(),
  ).toBeVisible({ timeout: 120_000 });
  await expect(archive.getByText(/^Recording — \d+ (min|s) transcribed$/)).toBeVisible();
  // No percentage for something with no end yet.
  await expect(archive.getByRole('progressbar', { name: 'Processing progress' })).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: 'Processing The long night' })).toHaveCount(0);
  const shownBefore = await soFar.getByRole('listitem').count();
  await expect(panel(page).getByText('Recording: The long night')).toBeVisible();
  await screenshots(archive, 'record-live-archive', { fullPage: true });

  // More lines arrive without a reload while the recording goes on.
  await expect.poll(() => soFar.getByRole('listitem').count(), { timeout: 120_000 }).toBeGreaterThan(shownBefore);
  await expect(panel(page).getByText('Recording: The long night')).toBeVisible();

  await panel(page).getByRole('button', { name: 'Stop' }).click();
  await savedSessionId(page);
  // The same tab turns into the finished session, summaries and all.
  await expect(archive.getByText('This session is currently being processed. Please check back later.')).toBeHidden({
    timeout: 180_000,
  });
  await expect(soFar).toHaveCount(0);
  await archive.getByRole('button', { name: 'Full Transcript' }).click();
  await expect(
    archive
      .getByRole('list', { name: 'Transcript lines' })
      .getByText(/dragon/i)
      .first(),
  ).toBeVisible();
});

test('a recording cut off by closing the page is listed, resumed into the same session, and another finished', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const context = await browser.newContext();
  const first = await context.newPage();
  await registerThroughApi(first.request);
  const campaignId = await createCampaign(first.request, 'Curse of Strahd');

  const interrupted = async (title: string) => {
    const page = await context.newPage();
    await page.goto(`/dashboard?campaign=${campaignId}`);
    await panel(page).getByLabel('Recording title').fill(title);
    await panel(page).getByRole('button', { name: 'Record' }).click();
    await recordFor(page, 12);
    // Two 5 s parts have reached the server; the part being recorded goes with the tab. Two tabs
    // upload at once beside the rest of the suite, so the bound is wider than expect's.
    await expect
      .poll(
        async () => {
          const open = await graphql<{ unfinishedRecordings: Array<{ title: string; partsReceived: number }> }>(
            page.request,
            '{ unfinishedRecordings { title partsReceived } }',
          );
          return open.unfinishedRecordings.find((r) => r.title === title)?.partsReceived ?? 0;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(2);
    // The tab goes away mid-game: no Stop, no goodbye.
    await page.close({ runBeforeUnload: false });
  };
  await first.close();
  // Two tables recording at once in two tabs: the same wait as one, and each keeps to its own parts.
  await Promise.all([interrupted('Night one'), interrupted('Night two')]);

  const page = await context.newPage();
  await page.goto(`/dashboard?campaign=${campaignId}`);
  const list = panel(page).getByRole('list').filter({ hasText: 'Night one' });
  await expect(list.getByText('Night two')).toBeVisible();
  await screenshots(page, 'record-unfinished', { fullPage: true });

  await panel(page).getByRole('button', { name: 'Finish Night two' }).click();
  await expect(panel(page).getByText('Night two')).toBeHidden();

  await panel(page).getByRole('button', { name: 'Resume Night one' }).click();
  await expect(panel(page).getByText('Recording: Night one')).toBeVisible();
  await recordFor(page, 8);
  await panel(page).getByRole('button', { name: 'Stop' }).click();
  const resumedId = await savedSessionId(page);
  const resumed = await waitUntilReady(page.request, resumedId);
  expect(resumed.transcript).toContain('castle wall');
  // Both segments are in the session: two parts (10 s) before the tab closed, 8 s and more after.
  expect(resumed.durationSeconds).toBeGreaterThanOrEqual(17);

  const sessions = await graphql<{ campaign: { sessions: Array<{ id: string; title: string }> } }>(
    page.request,
    'query ($id: ID!) { campaign(id: $id) { sessions { id title } } }',
    { id: campaignId },
  );
  const finished = sessions.campaign.sessions.find((s) => s.title === 'Night two');
  expect(sessions.campaign.sessions.map((s) => s.title).sort()).toEqual(['Night one', 'Night two']);
  expect((await waitUntilReady(page.request, finished!.id)).transcript).toContain('castle wall');
  await context.close();
});

for (const [name, message] of [
  ['NotAllowedError', 'Questlog needs permission to use your microphone.'],
  ['NotFoundError', 'No microphone was found.'],
] as const) {
  test(`a microphone the browser refuses (${name}) is explained, and nothing is recorded`, async ({ page }) => {
    await page.addInitScript((errorName) => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('refused', errorName));
    }, name);
    await registerThroughApi(page.request);
    const campaignId = await createCampaign(page.request, 'No microphone');
    await page.goto(`/dashboard?campaign=${campaignId}`);
    await panel(page).getByRole('button', { name: 'Record' }).click();
    await expect(panel(page).getByRole('alert')).toContainText(message);
    await screenshots(page, `record-refused-${name}`, { fullPage: true });
    await expect(panel(page).getByRole('button', { name: 'Record' })).toBeEnabled();
    const open = await graphql<{ unfinishedRecordings: unknown[] }>(page.request, '{ unfinishedRecordings { id } }');
    expect(open.unfinishedRecordings).toEqual([]);
  });
}
