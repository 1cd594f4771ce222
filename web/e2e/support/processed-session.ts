import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { graphql, registerThroughApi } from './api';
import { createCampaign } from './campaigns';
import { recordGameNight, type Line } from './recording';

/** A game master and two players: real speech, so the real pipeline finds lines with times. */
export const DRAGON_NIGHT: Line[] = [
  { voice: 'en-us', pitch: 35, text: 'The dragon lands on the castle wall and breathes fire across the courtyard.' },
  { voice: 'en-gb', pitch: 60, text: 'I raise my shield and charge the dragon with my silver sword.' },
  { voice: 'en-us', pitch: 80, text: 'The goblins run away into the dark forest behind the mill.' },
  { voice: 'en-gb', pitch: 25, text: 'I cast a fireball at the dragon and it falls from the wall.' },
];

/** Uploads a recording of `lines` through the REST shim and waits until the pipeline has made it READY. */
export async function uploadProcessedSession(
  request: APIRequestContext,
  campaignId: string,
  lines: Line[] = DRAGON_NIGHT,
): Promise<string> {
  const file = await recordGameNight(lines, 'dragon-night.wav');
  const { csrfToken } = (await (await request.get('/get-csrf-token/')).json()) as { csrfToken: string };
  const upload = await request.post('/upload/', {
    headers: { 'X-CSRFToken': csrfToken },
    multipart: {
      campaign_id: campaignId,
      audio: { name: 'dragon-night.wav', mimeType: 'audio/wav', buffer: await readFile(file) },
    },
  });
  expect(upload.status()).toBe(200);
  const sessionId = ((await upload.json()) as { transcript_id: string }).transcript_id;
  await waitUntilReady(request, sessionId);
  return sessionId;
}

/** Signs the page in as a new owner with a campaign holding one processed recording of DRAGON_NIGHT. */
export async function ownProcessedSession(page: Page, title = 'Dragon Heist') {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, title);
  return { campaignId, sessionId: await uploadProcessedSession(page.request, campaignId) };
}

/**
 * Waits until the api says the session is READY. A page's processing notice cannot tell: before the
 * page has loaded the session the notice is absent too, so waiting for it to go may pass at once.
 */
export async function waitUntilReady(request: APIRequestContext, sessionId: string, timeout = 180_000) {
  await expect
    .poll(
      async () => {
        const data = await graphql<{ session: { status: string } }>(
          request,
          'query ($id: ID!) { session(id: $id) { status } }',
          { id: sessionId },
        );
        return data.session.status;
      },
      { timeout, intervals: [1000] },
    )
    .toBe('READY');
}

/** The recording element of the page (`selector` picks which), as the tests read it. */
export function audioState(page: Page, selector: string) {
  return page.locator(selector).evaluate((el: HTMLAudioElement) => ({
    currentMs: Math.round(el.currentTime * 1000),
    paused: el.paused,
    src: el.currentSrc || el.src,
  }));
}

/** The start (ms) of each transcript line on the page, in order. */
export function lineStarts(page: Page): Promise<number[]> {
  return page
    .getByRole('list', { name: 'Transcript lines' })
    .locator('.transcript-time')
    .evaluateAll((links) => links.map((a) => Number(a.getAttribute('data-start-ms'))));
}

/** A session's Full Transcript view with its player, as the signed-in user of `page` sees it. */
export async function openFullTranscript(page: Page, sessionId: string, campaignId: string): Promise<void> {
  await page.goto(`/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  await page.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Recording and transcript' })).toBeVisible();
}
