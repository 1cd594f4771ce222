import { expect, test } from '@playwright/test';
import { seedSession } from './fixtures/seed-sessions';
import { registerThroughApi } from './support/api';
import { createCampaign } from './support/campaigns';
import { downloadFromMenu } from './support/download-menu';

test('a session summary is edited exactly as typed, then downloaded without its tags', async ({ page }) => {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Lost Mine');
  const sessionId = await seedSession(campaignId, {
    title: 'Goblin Ambush',
    fullTranscript: 'GM: Roll for <b>initiative</b>.',
  });

  await page.goto(`/archive?transcript_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Goblin Ambush' })).toBeVisible();
  // HTML in a summary is shown as formatting, never as markup.
  await expect(page.getByText('The party reached the citadel.')).toBeVisible();

  const html = '<h3>Recap</h3><p>Sildar &amp; the <em>goblins</em></p><script>alert(1)</script>';
  await page.getByRole('button', { name: 'Edit Brief Summary' }).click();
  const editor = page.getByRole('textbox', { name: 'Brief Summary text' });
  await expect(editor).toHaveValue('<p>The party reached the citadel.</p>');
  await editor.fill(html);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Content updated successfully')).toBeVisible();
  await expect(editor).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Recap' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Brief Summary' }).click();
  await expect(page.getByRole('textbox', { name: 'Brief Summary text' })).toHaveValue(html);
  await page.getByRole('button', { name: 'Cancel' }).click();

  const brief = await downloadFromMenu(page, 'Brief Summary (.txt)');
  expect(brief.name).toBe('Goblin_Ambush_brief.txt');
  expect(brief.text).toBe('Recap\nSildar & the goblins');

  await page.getByRole('button', { name: 'Full Transcript', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Full Transcript', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const full = await downloadFromMenu(page, 'Full Transcript (.txt)');
  expect(full.name).toBe('Goblin_Ambush_full.txt');
  expect(full.text).toBe('GM: Roll for initiative.');
  await expect(page.getByRole('main').getByRole('link', { name: 'Q & A' })).toHaveAttribute(
    'href',
    `/qa?transcript_id=${sessionId}`,
  );
});

test('a campaign without a session selected shows its own summaries, editable by the owner', async ({ page }) => {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Waterdeep');

  await page.goto(`/archive?campaign_id=${campaignId}`);
  await expect(page.getByText('No brief summary yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Moderate Summary', exact: true }).click();
  await page.getByRole('button', { name: 'Edit Moderate Summary' }).click();
  await page.getByRole('textbox', { name: 'Moderate Summary text' }).fill('The heist so far.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Content updated successfully')).toBeVisible();
  await expect(page.getByText('The heist so far.')).toBeVisible();
  expect((await downloadFromMenu(page, 'Moderate Summary (.txt)')).name).toBe('Waterdeep_moderate.txt');
  await expect(page.getByRole('main').getByRole('link', { name: 'Q & A' })).toHaveAttribute(
    'href',
    `/qa?campaign_id=${campaignId}`,
  );
});

test('a recording without speech says so in every view, not that its texts are still to come', async ({ page }) => {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Tomb of Annihilation');
  // READY with no line and no summary: what silence or noise alone gives.
  const sessionId = await seedSession(campaignId, {
    title: 'Muted Mic',
    briefSummary: '',
    moderateSummary: '',
    detailedSummary: '',
    fullTranscript: '',
  });
  await page.goto(`/archive?transcript_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Muted Mic' })).toBeVisible();
  for (const view of ['Brief Summary', 'Detailed Summary', 'Full Transcript']) {
    await page.getByRole('button', { name: view, exact: true }).click();
    await expect(page.getByText('No speech was found in this recording.', { exact: true })).toBeVisible();
    await expect(page.getByText(/ yet\.$/)).toHaveCount(0);
  }
});

test('PROCESSING and FAILED sessions show their texts with every action disabled', async ({ page }) => {
  await registerThroughApi(page.request);
  const campaignId = await createCampaign(page.request, 'Rime of the Frostmaiden');
  const processing = await seedSession(campaignId, { title: 'Still Cooking', status: 'PROCESSING' });
  const failed = await seedSession(campaignId, { title: 'Broken Tape', status: 'FAILED' });

  const cases = [
    [processing, 'This session is currently being processed. Please check back later.'],
    [
      failed,
      'Processing for this session failed. Please try uploading the file again. If the problem persists, contact support.',
    ],
  ];
  for (const [id, text] of cases) {
    await page.goto(`/archive?transcript_id=${id}`);
    await expect(page.getByText(text, { exact: true })).toBeVisible();
    for (const view of ['Brief Summary', 'Moderate Summary', 'Detailed Summary', 'Full Transcript']) {
      await expect(page.getByRole('button', { name: view, exact: true })).toBeDisabled();
    }
    await expect(page.getByRole('button', { name: 'Edit Brief Summary' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();
    await expect(page.getByRole('main').getByRole('link', { name: 'Q & A' })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('main').getByRole('link', { name: 'Q & A' })).not.toHaveAttribute('href');
  }
});
