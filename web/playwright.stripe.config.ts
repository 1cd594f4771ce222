import { defineConfig } from '@playwright/test';
import { STRIPE_MOCK_PORT } from './e2e/support/stripe';
import base, { webServer } from './playwright.config';

/**
 * The card-payment specs: the same built app, with the api in BILLING_MODE=stripe talking to
 * stripe-mock. A run of its own, because a server has one billing mode.
 */
export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: 'stripe/**/*.spec.ts',
  webServer: {
    ...webServer,
    env: { E2E_BILLING_MODE: 'stripe', E2E_STRIPE_MOCK_PORT: String(STRIPE_MOCK_PORT) },
  },
});
