import 'reflect-metadata';
import { ConfigError, loadConfig } from '../../config/config';
import { createStripeClient } from '../../adapters/stripe/stripe-client';
import { PlanService } from '../plans';
import { describeAction, syncStripeCatalogue } from './stripe-sync';

/**
 * `npm run stripe:sync`: creates or updates the Products and Prices of the plan catalogue in the
 * Stripe account of STRIPE_SECRET_KEY. Run it before going live and after a price change; a second
 * run changes nothing.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.STRIPE_SECRET_KEY) {
    throw new ConfigError(['STRIPE_SECRET_KEY: is required to configure the Stripe account']);
  }
  const stripe = createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE });
  const actions = await syncStripeCatalogue(stripe, new PlanService(config).list());
  for (const action of actions) console.log(describeAction(action));
  console.log(
    actions.length ? `Stripe catalogue synced (${actions.length} changes).` : 'Stripe catalogue is up to date.',
  );
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `stripe:sync failed: ${(err as Error).message}`);
  process.exit(1);
});
