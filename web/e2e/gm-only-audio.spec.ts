import { expect, test, type Page } from '@playwright/test';
import { graphql } from './support/api';
import { shareCampaign } from './support/campaigns';
import { audioState, openFullTranscript, ownProcessedSession } from './support/processed-session';
import { screenshots } from './support/screenshots';
import { signedInElsewhere } from './support/contexts';

/*
 * Issue 25: a player who has the transcript open, and has already heard (and buffered) a line,
 * must not hear it once the game master marks it GM-only. What the <audio> element really plays is
 * measured in the page: its output goes through Web Audio (createMediaElementSource) to an
 * AnalyserNode whose loudness (RMS) is read while the element plays.
 */

const PLAYER = 'audio[aria-label="Session recording"]';
const PREPARING = 'The recording is being prepared. Please try again in a minute.';
/** AAC's digital silence measures 0; speech peaks far above this. */
const SILENT_RMS = 0.001;
const HEARD_RMS = 0.01;
/** Kept off a line's edges: the analyser hears a few ms behind the element's clock. */
const EDGE_MS = 150;

interface Line {
  id: string;
  startMs: number;
  endMs: number;
  text: string;
}

/** Routes the page's player through an analyser; once, after a click has given the page its user activation. */
async function installMeter(page: Page): Promise<void> {
  const state = await page.locator(PLAYER).evaluate(async (el: HTMLAudioElement) => {
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    context.createMediaElementSource(el).connect(analyser);
    analyser.connect(context.destination);
    await context.resume();
    (window as unknown as { meter: AnalyserNode }).meter = analyser;
    return context.state;
  });
  expect(state).toBe('running');
}

/**
 * Plays `line` from its start and returns the loudest RMS the analyser measured while the element's
 * clock was inside it, and how many measurements that took (so silence is not a meter that never ran).
 */
function playAndMeasure(page: Page, line: Line): Promise<{ peak: number; samples: number }> {
  return page.locator(PLAYER).evaluate(
    async (el: HTMLAudioElement, { from, to }) => {
      const analyser = (window as unknown as { meter: AnalyserNode }).meter;
      const data = new Float32Array(analyser.fftSize);
      el.currentTime = from / 1000;
      await el.play();
      let peak = 0;
      let samples = 0;
      while (!el.paused && !el.ended && el.currentTime * 1000 < to) {
        if (el.currentTime * 1000 >= from) {
          analyser.getFloatTimeDomainData(data);
          peak = Math.max(peak, Math.sqrt(data.reduce((sum, x) => sum + x * x, 0) / data.length));
          samples++;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      el.pause();
      return { peak, samples };
    },
    { from: line.startMs + EDGE_MS, to: line.endMs - EDGE_MS },
  );
}

test('a line marked GM-only while a player has it open (and buffered): they hear silence there, sound elsewhere', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const { campaignId, sessionId } = await ownProcessedSession(page);
  const { session } = await graphql<{ session: { transcriptLines: Line[] } }>(
    page.request,
    'query ($id: ID!) { session(id: $id) { transcriptLines { id startMs endMs text } } }',
    { id: sessionId },
  );
  expect(session.transcriptLines.length).toBeGreaterThanOrEqual(3);
  const [shared, , secret] = session.transcriptLines;

  const { context, account: player } = await signedInElsewhere(browser, 'Brom');
  const theirs = await context.newPage();
  await shareCampaign(page.request, campaignId, player.email);

  // The player opens the transcript and listens to the line while it is still shared: the element
  // now holds the original recording around it.
  await openFullTranscript(theirs, sessionId, campaignId);
  await theirs.getByRole('list', { name: 'Transcript lines' }).getByRole('listitem').first().click();
  await installMeter(theirs);
  const before = await playAndMeasure(theirs, secret);
  expect(before.samples).toBeGreaterThan(5);
  expect(before.peak).toBeGreaterThan(HEARD_RMS);
  const firstSrc = (await audioState(theirs, PLAYER)).src;

  // The game master marks it GM-only. The player's page hears of it and drops what it had.
  const marked = await graphql<{ setLineGmOnly: { gmOnly: boolean } }>(
    page.request,
    'mutation ($l: ID!) { setLineGmOnly(lineId: $l, gmOnly: true) { gmOnly } }',
    { l: secret.id },
  );
  expect(marked.setLineGmOnly.gmOnly).toBe(true);
  const problem = theirs.getByRole('status').filter({ hasText: PREPARING });
  await expect(problem).toBeVisible({ timeout: 30_000 });
  await expect(problem.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect((await audioState(theirs, PLAYER)).src).not.toBe(firstSrc);
  // The line leaves their transcript as well.
  const listed = theirs.getByRole('list', { name: 'Transcript lines' }).getByRole('listitem');
  await expect(listed).toHaveCount(session.transcriptLines.length - 1);
  await expect(listed.filter({ hasText: secret.text })).toHaveCount(0);
  await screenshots(theirs, 'gm-only-audio-preparing');

  // The copy silent over the line is made; the player loads it without being asked.
  await expect(problem).toBeHidden({ timeout: 120_000 });
  const silenced = await playAndMeasure(theirs, secret);
  expect(silenced.samples).toBeGreaterThan(5);
  expect(silenced.peak).toBeLessThan(SILENT_RMS);
  const heard = await playAndMeasure(theirs, shared);
  expect(heard.samples).toBeGreaterThan(5);
  expect(heard.peak).toBeGreaterThan(HEARD_RMS);
  await screenshots(theirs, 'gm-only-audio-ready');
  await context.close();
});
