import { expect, test } from '@playwright/test';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { recordGameNight } from './support/recording';
import { recordStates } from './support/page-states';

/** A game master and two players, in-game dialogue mixed with table talk about food and rules. */
const GAME_NIGHT = [
  { voice: 'en-us', pitch: 35, text: 'The dragon lands on the castle wall and breathes fire across the courtyard.' },
  { voice: 'en-gb', pitch: 60, text: 'I raise my shield and charge the dragon with my sword.' },
  { voice: 'en-us', pitch: 80, text: 'Is the pizza here yet? I ordered pepperoni for everyone.' },
  { voice: 'en-gb', pitch: 25, text: 'I cast a fireball at the dragon and the goblins behind it.' },
  { voice: 'en-us', pitch: 35, text: 'The dragon roars, the wall cracks, and the goblins flee into the forest.' },
];

const PROCESSING_TEXT = 'This session is currently being processed. Please check back later.';

test('a recording uploaded on the dashboard is processed live in the archive until its summaries show', async ({
  page,
}) => {
  // Real transcription on a loaded two-core machine: give the pipeline room.
  test.setTimeout(240_000);
  const file = await recordGameNight(GAME_NIGHT, 'dragon-night.wav');
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Dragon Heist');

  // The 'processing' modal is up only while the api checks the file; a recorder sees it however briefly.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('dialog[open] h2')?.textContent === 'Processing') {
        (window as unknown as { sawProcessing: boolean }).sawProcessing = true;
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto(`/dashboard?campaign=${campaignId}`);
  await page.getByLabel('Choose file').setInputFiles(file);
  await expect(page.getByText('dragon-night.wav')).toBeVisible();

  // A slow uplink, so the progress is there to see.
  const cdp = await page.context().newCDPSession(page);
  const uplink = (bytesPerSecond: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond,
    });
  await uplink(200 * 1024);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText(/Uploading… [1-9]\d?%/)).toBeVisible();
  await expect(page.getByText('Session added successfully! Processing will continue in the background.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sawProcessing?: boolean }).sawProcessing)).toBe(true);
  await uplink(-1);
  await expect(page).toHaveURL(/\/archive\?transcript_id=[0-9a-f-]{36}/);
  const uploadedAt = Date.now();

  // Stages arrive over the subscription; the page records each one it shows, in order.
  await expect(page.getByText(PROCESSING_TEXT)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'dragon-night', level: 2 })).toBeVisible();
  const shownStages = await recordStates(
    page,
    () => document.querySelector('.processing-notice-stage')?.textContent || undefined,
  );
  let sessionQueries = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && request.postDataJSON()?.operationName === 'SessionContent') {
      sessionQueries += 1;
    }
  });

  await expect(page.getByText(PROCESSING_TEXT)).toBeHidden({ timeout: 180_000 });
  const secondsToReady = (Date.now() - uploadedAt) / 1000;
  test.info().annotations.push({ type: 'time to READY', description: `${secondsToReady.toFixed(1)} s` });
  console.log(`upload to READY: ${secondsToReady.toFixed(1)} s`);

  const stages = await shownStages();
  console.log(`stages shown: ${stages.join(' → ')}`);
  expect(stages.length).toBeGreaterThanOrEqual(2);
  // Live, not polled: the session was fetched again once, when it became READY.
  expect(sessionQueries).toBe(1);

  const brief = page.getByRole('button', { name: 'Brief Summary', exact: true });
  await expect(brief).toBeEnabled();
  await expect(brief).toHaveAttribute('aria-pressed', 'true');
  // Whisper hears the story: every view says what happened; the pizza order stays out of the summaries.
  const body = page.locator('.content-body');
  for (const view of ['Brief Summary', 'Moderate Summary', 'Detailed Summary', 'Full Transcript']) {
    await page.getByRole('button', { name: view, exact: true }).click();
    await expect(body).not.toHaveText(/^(No .* yet\.|Loading…)$/);
    await expect(body).toHaveText(/dragon/i);
    if (view !== 'Full Transcript') await expect(body).not.toHaveText(/pizza|pepperoni/i);
    console.log(`${view}: ${(await body.innerText()).slice(0, 300)}`);
  }
  // The sidebar's badge went with the status.
  await expect(page.locator('.status-badge')).toHaveCount(0);
});
