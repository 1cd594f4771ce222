import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { seedSession } from './fixtures/seed-sessions';
import { newAccount, registerThroughApi } from './support/api';
import { createCampaign, shareCampaign } from './support/campaigns';
import { choosePaidPlan } from './support/plans';
import { recordGameNight } from './support/recording';
import { recordStates } from './support/page-states';

const NIGHT = [
  { voice: 'en-us', pitch: 35, text: 'The ship drifts into the harbor of Saltmarsh under a red moon.' },
  { voice: 'en-gb', pitch: 60, text: 'I climb the rigging and look for the smugglers on the pier.' },
];

test('the dashboard lists the latest sessions, live through READY, and the hours left', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const file = await recordGameNight(NIGHT, 'harbor.wav');
  await registerThroughApi(page.request);
  await choosePaidPlan(page.request);
  const campaignId = await createCampaign(page.request, 'Ghosts of Saltmarsh');
  await seedSession(campaignId, { title: 'Broken Reel', status: 'FAILED', createdAt: new Date(Date.now() - 60_000) });

  // A stranger's session is not the viewer's business.
  const strangerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await registerThroughApi(strangerContext.request, newAccount('Mallory'));
  const strangerCampaign = await createCampaign(strangerContext.request, 'Not Yours');
  await seedSession(strangerCampaign, { title: 'Secret Session' });
  await strangerContext.close();

  await page.goto('/dashboard');
  const hours = page.getByRole('region', { name: 'Audio hours' });
  await expect(hours).toContainText('8 h left of 8 h this month');
  await expect(hours.getByRole('meter', { name: 'Audio hours left this month' })).toHaveAttribute('aria-valuenow', '8');
  const latest = page.getByRole('region', { name: 'Latest sessions' });
  await expect(latest.getByRole('link', { name: 'Broken Reel' })).toBeVisible();
  await expect(latest.getByRole('button', { name: 'Retry Broken Reel' })).toBeVisible();
  await expect(latest).not.toContainText('Secret Session');

  // Uploaded elsewhere (a script, another tab): the dashboard shows it once it is reloaded, then live.
  const { csrfToken } = (await (await page.request.get('/get-csrf-token/')).json()) as { csrfToken: string };
  const upload = await page.request.post('/upload/', {
    headers: { 'X-CSRFToken': csrfToken },
    multipart: {
      campaign_id: campaignId,
      title: 'Saltmarsh Harbor',
      played_on: '2025-10-31',
      audio: { name: 'harbor.wav', mimeType: 'audio/wav', buffer: await readFile(file) },
    },
  });
  expect(upload.status()).toBe(200);
  await page.reload();
  const item = latest.getByRole('listitem').filter({ hasText: 'Saltmarsh Harbor' });
  await expect(item.locator('time')).toHaveAttribute('datetime', '2025-10-31');
  await expect(latest.getByRole('listitem').first()).toContainText('Saltmarsh Harbor');

  // While it is processing the number and the bar are one value; the page records every state it shows.
  const shown = await recordStates(page, () => {
    const row = [...document.querySelectorAll('.latest-item')].find((li) => li.textContent?.includes('Saltmarsh'));
    const text = row?.querySelector('.latest-percent')?.textContent;
    const now = row?.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow');
    return text && now ? [text, now] : undefined;
  });
  await expect(item.getByText('Ready')).toBeVisible({ timeout: 180_000 });
  const seen = await shown();
  console.log(`dashboard progress: ${seen.map((s) => s.join('|')).join(' → ')}`);
  for (const [text, now] of seen) expect(text).toBe(`${now}%`);

  // The processed recording was charged: fewer hours left, without a reload.
  await expect(hours).not.toContainText('8 h left of 8 h');

  await item.getByRole('link', { name: 'Saltmarsh Harbor' }).click();
  await expect(page).toHaveURL(new RegExp(`/archive\\?transcript_id=[0-9a-f-]{36}&campaign_id=${campaignId}`));
  await expect(page.getByRole('heading', { name: 'Saltmarsh Harbor', level: 2 })).toBeVisible();
});

test('a recipient sees shared sessions on the dashboard without Retry', async ({ page, browser }) => {
  const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await registerThroughApi(ownerContext.request, newAccount('Owen'));
  const campaignId = await createCampaign(ownerContext.request, 'Shared Saga');
  await seedSession(campaignId, { title: 'Failed Share', status: 'FAILED' });
  const me = await registerThroughApi(page.request, newAccount('Rhea'));
  await shareCampaign(ownerContext.request, campaignId, me.email);
  await ownerContext.close();

  await page.goto('/dashboard');
  const latest = page.getByRole('region', { name: 'Latest sessions' });
  await expect(latest.getByRole('link', { name: 'Failed Share' })).toBeVisible();
  await expect(latest).toContainText('Failed');
  await expect(latest.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Audio hours' })).toContainText(/left of \d+ h this month/);
});
