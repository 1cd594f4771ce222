import { expect, test } from '@playwright/test';
import { registerThroughApi } from './support/api';

test('a CSRF token gone stale (session changed elsewhere) is refetched and the request retried once', async ({
  page,
}) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.getByLabel('Email address').fill(`first-${Date.now()}@example.com`);
  await form.getByRole('button').click();
  await expect(page.getByText('Thank you for subscribing!')).toBeVisible();

  // Signing in from another tab changes the session cookie this tab's cached token was bound to.
  await registerThroughApi(page.request);
  const refusals: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/graphql') && r.status() === 403) refusals.push(r.status());
  });
  await page.getByRole('status').filter({ hasText: 'Thank you for subscribing!' }).waitFor({ state: 'detached' });
  await form.getByLabel('Email address').fill(`second-${Date.now()}@example.com`);
  await form.getByRole('button').click();
  await expect(page.getByText('Thank you for subscribing!')).toBeVisible();
  expect(refusals).toEqual([403]);
});
