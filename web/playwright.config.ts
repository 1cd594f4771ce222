import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 29170);
const baseURL = `http://127.0.0.1:${port}`;

/** The built api serving the built app (e2e/serve.sh); playwright.stripe.config.ts adds Stripe mode. */
export const webServer = {
  command: 'bash web/e2e/serve.sh',
  cwd: '..',
  url: `${baseURL}/healthz`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'pipe',
  stderr: 'pipe',
  // The api stops embedded PostgreSQL and Temporal on SIGTERM; give it time before any SIGKILL.
  gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
} satisfies PlaywrightTestConfig['webServer'];

/**
 * Browser tests against the real built app (`npm run build` first): e2e/serve.sh runs the api
 * with embedded PostgreSQL and Temporal on throw-away data. Debian's Chromium is used because
 * Playwright's own browser download is not reachable from these machines.
 */
export default defineConfig({
  testDir: './e2e',
  // Those need the api in Stripe mode: playwright.stripe.config.ts.
  testIgnore: 'stripe/**',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  // Two spec files at once even on two cores: a spec mostly waits (on the api, the worker, timers),
  // and a second one fills that time (eleven specs: 4.2 minutes with one worker, 2.5 with two, on
  // the same busy machine; issue 27). Each spec works in accounts of its own, so they never meet.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Bounds on a hang, met in seconds on a quiet machine. Beside the jest lane (a full `npm test`)
  // first tries fail now and then (CI's run of stop 43: plans and record, both passed on the retry;
  // a local run: archive-sharing's notice not shown within 10 s, on both tries, failing the run).
  timeout: 45_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL,
    // A trace records every action's screenshots and DOM: half the browser's CPU when kept for
    // every test (issue 27). Recorded on a retry only, where a failure in CI gets its trace; locally,
    // `npx playwright test --trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
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
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer,
});
