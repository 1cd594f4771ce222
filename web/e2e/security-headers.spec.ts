import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { createCampaign } from './support/campaigns';
import { registerThroughApi } from './support/api';

interface Violation {
  directive: string;
  blocked: string;
}

/**
 * Records every Content-Security-Policy violation the page reports. The listener is installed
 * through the browser's devtools protocol, so the policy under test does not apply to it.
 */
async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI }),
    );
  });
  const refusals: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refusals.push(m.text());
  });
  return async () => {
    const events = await page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);
    return [...events, ...refusals.map((text) => ({ directive: 'console', blocked: text }))];
  };
}

test('the built app runs under its Content-Security-Policy: pages, toasts and the GraphQL WebSocket', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const landing = await page.goto('/');
  expect(landing?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(landing?.headers()['x-content-type-options']).toBe('nosniff');

  // A toast: react-hot-toast writes its styles into a <style> element, which the policy must allow.
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.getByLabel('Email address').fill(`csp-${Date.now()}@example.com`);
  await form.getByRole('button').click();
  const toast = page.getByRole('status').filter({ hasText: 'Thank you for subscribing!' });
  await expect(toast).toBeVisible();
  // Styled by those rules: a toast without them has no background of its own.
  expect(await toast.evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor)).not.toBe(
    'rgba(0, 0, 0, 0)',
  );

  await registerThroughApi(page.request);
  await createCampaign(page.request, 'Under Policy');
  for (const path of ['/dashboard', '/archive', '/qa', '/profile', '/plan-select']) {
    await page.goto(path);
    await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  }

  // The subscription transport the app uses (same URL as lib/apollo.ts), from inside the page, so
  // connect-src decides: the server must acknowledge the graphql-transport-ws handshake.
  const ack = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
        const socket = new WebSocket(`${scheme}//${window.location.host}/graphql`, 'graphql-transport-ws');
        socket.onopen = () => socket.send(JSON.stringify({ type: 'connection_init' }));
        socket.onmessage = (e) => {
          resolve(String((JSON.parse(String(e.data)) as { type: string }).type));
          socket.close();
        };
        socket.onerror = () => resolve('error');
      }),
  );
  expect(ack).toBe('connection_ack');
  expect(await violations()).toEqual([]);
});

test('the app refuses to be framed by another site', async ({ page, baseURL }) => {
  // A page of another origin (its own port on this machine) that frames the app; its load event
  // waits for the frame. Both are loopback, so only the app's headers decide.
  const framer = http.createServer((_req, res) =>
    res.setHeader('content-type', 'text/html').end(`<iframe src="${baseURL}/" title="framed"></iframe>`),
  );
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
    const framed = () => page.frames().find((f) => f !== page.mainFrame());
    // The browser put its own error page in the frame instead of the app. A refused frame does not
    // hold up the framer's load event, so the error page may land a moment after it: wait for it.
    await expect.poll(() => framed()?.url()).toBe('chrome-error://chromewebdata/');
    expect(await framed()!.locator('#root').count()).toBe(0);
  } finally {
    framer.close();
  }
  const response = await page.request.get('/');
  expect(response.headers()['x-frame-options']).toBe('DENY');
});
