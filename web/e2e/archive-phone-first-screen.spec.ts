import { expect, test } from '@playwright/test';
import { seedSegments, seedSession } from './fixtures/seed-sessions';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';

// Issue 47 point 10: on a phone the four view pills (two rows), the toolbar (two rows) and the
// GM-only switch pushed the summary itself below the first screen.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone the summary starts on the first screen: one row of short view buttons, named in full', async ({
  page,
}) => {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'The Saltmere Silver');
  const brief = 'The party reaches the docks of Saltmere and meets Captain Ives, whose silver is gone.';
  const sessionId = await seedSession(campaignId, { title: 'Three places', briefSummary: `<p>${brief}</p>` });
  await seedSegments(sessionId, [{ startMs: 0, endMs: 4_000, text: 'The ship drifts into the docks of Saltmere.' }]);
  await page.goto(`/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`);
  const text = page.getByText(brief);
  await expect(text).toBeVisible();
  expect((await text.boundingBox())!.y).toBeLessThan(844);

  // The toolbar's actions in one row too.
  const actions = page.locator('.content-actions').locator('> *');
  const rows = await Promise.all((await actions.all()).map(async (a) => Math.round((await a.boundingBox())!.y)));
  expect(new Set(rows).size).toBe(1);
  const views = page.getByRole('group', { name: 'View' }).getByRole('button');
  await expect(views).toHaveCount(4);
  const tops = await Promise.all((await views.all()).map(async (b) => (await b.boundingBox())!.y));
  expect(new Set(tops.map(Math.round)).size).toBe(1);
  // Each short name whole inside its pill ("Transcript" was cut by a quarter of the row each).
  const cut = await views.evaluateAll((buttons) => buttons.filter((b) => b.scrollWidth > b.clientWidth).length);
  expect(cut).toBe(0);
  await expect(page.getByRole('button', { name: 'Detailed Summary', exact: true })).toHaveText(/Detailed/);
  // The owner's GM-only switch is still there, after the text.
  const gmOnly = page.getByText('Keep summaries GM-only');
  await expect(gmOnly).toBeVisible();
  expect((await gmOnly.boundingBox())!.y).toBeGreaterThan((await text.boundingBox())!.y);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/archive-phone-390x844.png` });
});
