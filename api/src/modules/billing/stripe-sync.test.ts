import { spawnEntry } from '../../../test/entry-process';
import { readRuntime } from '../../../test/runtime-file';
import { planCatalogue } from '../plans/plan.catalogue';
import { cataloguePrices } from './billing.catalogue';
import { planSync, type ExistingPrice, type ExistingProduct } from './stripe-sync';

const plans = planCatalogue(1);

/** The account as a finished sync leaves it: every product and price exactly as the catalogue says. */
function syncedAccount() {
  const products = new Map<string, ExistingProduct>(
    plans
      .filter((p) => p.paid)
      .map((p) => [`questlog_${p.id}`, { id: `questlog_${p.id}`, name: p.name, active: true, planId: p.id }]),
  );
  const prices: ExistingPrice[] = cataloguePrices(plans).map((p, i) => ({
    id: `price_${i}`,
    lookupKey: p.lookupKey,
    productId: p.productId,
    unitAmount: p.unitAmount,
    currency: 'usd',
    interval: p.interval,
    active: true,
  }));
  return { products, prices };
}

describe('planSync', () => {
  it('creates every product and price in an empty account', () => {
    const actions = planSync(plans, new Map(), []);
    expect(actions.filter((a) => a.kind === 'createProduct').map((a) => 'productId' in a && a.productId)).toEqual([
      'questlog_qa_chatbot',
      'questlog_beginner',
      'questlog_standard',
      'questlog_pro',
    ]);
    expect(actions.filter((a) => a.kind === 'createPrice')).toHaveLength(7);
    expect(actions.some((a) => a.kind === 'updateProduct' || a.kind === 'archivePrice')).toBe(false);
  });

  it('changes nothing in an account it has already synced (running it again is safe)', () => {
    const { products, prices } = syncedAccount();
    expect(planSync(plans, products, prices)).toEqual([]);
  });

  it('moves a lookup key to a new price when the amount changed, and archives the old price', () => {
    const { products, prices } = syncedAccount();
    const proMonthly = prices.find((p) => p.lookupKey === 'questlog_pro_monthly')!;
    proMonthly.unitAmount = 3900;
    expect(planSync(plans, products, prices)).toEqual([
      { kind: 'createPrice', price: expect.objectContaining({ lookupKey: 'questlog_pro_monthly', unitAmount: 4500 }) },
      { kind: 'archivePrice', priceId: proMonthly.id, lookupKey: 'questlog_pro_monthly' },
    ]);
  });

  it('renames and reactivates a product that drifted', () => {
    const { products, prices } = syncedAccount();
    products.set('questlog_beginner', { id: 'questlog_beginner', name: 'Starter', active: false, planId: 'beginner' });
    expect(planSync(plans, products, prices)).toEqual([
      { kind: 'updateProduct', productId: 'questlog_beginner', name: 'Beginner', planId: 'beginner' },
    ]);
  });
});

describe('npm run stripe:sync', () => {
  const run = async (env: Record<string, string>) => {
    const cli = spawnEntry('api/src/modules/billing/stripe-sync-cli.ts', env);
    return { code: await cli.exited, output: cli.output() };
  };

  it('configures the Stripe account of STRIPE_SECRET_KEY (stripe-mock checks every request)', async () => {
    const { code, output } = await run({
      STRIPE_SECRET_KEY: 'sk_test_sync',
      STRIPE_API_BASE: readRuntime().stripeApiBase,
    });
    expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining('Stripe catalogue synced') });
    expect(output).toContain('created price questlog_beginner_annual: 108.00 USD per year');
    expect(output).not.toContain('questlog_qa_chatbot_annual');
  }, 30_000);

  it('says what is missing without a secret key', async () => {
    const { code, output } = await run({});
    expect(code).toBe(1);
    expect(output).toContain('STRIPE_SECRET_KEY: is required to configure the Stripe account');
  }, 30_000);
});
