import Stripe from 'stripe';
import type { PlanDefinition } from '../plans';
import { CURRENCY, cataloguePrices, productIdOf, type CataloguePrice } from './billing.catalogue';

/** A Product as the sync compares it. */
export interface ExistingProduct {
  id: string;
  name: string;
  active: boolean;
  planId: string | undefined;
}

/** A Price as the sync compares it; amounts and intervals of a Price can never change in Stripe. */
export interface ExistingPrice {
  id: string;
  lookupKey: string | null;
  productId: string;
  unitAmount: number | null;
  currency: string;
  interval: string | null;
  active: boolean;
}

export type SyncAction =
  | { kind: 'createProduct' | 'updateProduct'; productId: string; name: string; planId: string }
  | { kind: 'createPrice'; price: CataloguePrice }
  /** The price that held the lookup key before: kept for its subscribers, closed to new ones. */
  | { kind: 'archivePrice'; priceId: string; lookupKey: string };

/**
 * What to change so Stripe sells exactly the catalogue: nothing when it already does, which is
 * what makes `npm run stripe:sync` safe to run again. A changed amount means a new Price that takes
 * over the lookup key, because Stripe never edits a Price's amount.
 */
export function planSync(
  plans: readonly PlanDefinition[],
  products: ReadonlyMap<string, ExistingProduct>,
  prices: readonly ExistingPrice[],
): SyncAction[] {
  const actions: SyncAction[] = [];
  for (const plan of plans.filter((p) => p.paid)) {
    const productId = productIdOf(plan.id);
    const product = products.get(productId);
    const wanted = { productId, name: plan.name, planId: plan.id };
    if (!product) actions.push({ kind: 'createProduct', ...wanted });
    else if (product.name !== plan.name || !product.active || product.planId !== plan.id) {
      actions.push({ kind: 'updateProduct', ...wanted });
    }
  }
  for (const price of cataloguePrices(plans)) {
    const current = prices.find((p) => p.lookupKey === price.lookupKey);
    if (current && matches(current, price)) continue;
    actions.push({ kind: 'createPrice', price });
    if (current?.active) actions.push({ kind: 'archivePrice', priceId: current.id, lookupKey: price.lookupKey });
  }
  return actions;
}

const matches = (existing: ExistingPrice, wanted: CataloguePrice) =>
  existing.active &&
  existing.productId === wanted.productId &&
  existing.unitAmount === wanted.unitAmount &&
  existing.currency === CURRENCY &&
  existing.interval === wanted.interval;

/** Reads the account's Products and Prices, plans the changes, applies them and returns them. */
export async function syncStripeCatalogue(stripe: Stripe, plans: readonly PlanDefinition[]): Promise<SyncAction[]> {
  const products = new Map<string, ExistingProduct>();
  for (const plan of plans.filter((p) => p.paid)) {
    const product = await stripe.products.retrieve(productIdOf(plan.id)).catch(nullWhenMissing);
    if (product) {
      products.set(productIdOf(plan.id), {
        id: product.id,
        name: product.name,
        active: product.active,
        planId: product.metadata.planId,
      });
    }
  }
  const keys = cataloguePrices(plans).map((p) => p.lookupKey);
  const listed = await stripe.prices.list({ lookup_keys: keys, limit: 100 });
  const prices: ExistingPrice[] = listed.data.map((p) => ({
    id: p.id,
    lookupKey: p.lookup_key,
    productId: typeof p.product === 'string' ? p.product : p.product.id,
    unitAmount: p.unit_amount,
    currency: p.currency,
    interval: p.recurring?.interval ?? null,
    active: p.active,
  }));
  const actions = planSync(plans, products, prices);
  for (const action of actions) await apply(stripe, action);
  return actions;
}

async function apply(stripe: Stripe, action: SyncAction): Promise<void> {
  switch (action.kind) {
    case 'createProduct':
      await stripe.products.create({ id: action.productId, name: action.name, metadata: { planId: action.planId } });
      return;
    case 'updateProduct':
      await stripe.products.update(action.productId, {
        name: action.name,
        active: true,
        metadata: { planId: action.planId },
      });
      return;
    case 'createPrice': {
      const { price } = action;
      await stripe.prices.create({
        product: price.productId,
        currency: CURRENCY,
        unit_amount: price.unitAmount,
        recurring: { interval: price.interval },
        lookup_key: price.lookupKey,
        // Moves the key off the old Price in the same call, so checkout never finds none.
        transfer_lookup_key: true,
        metadata: { planId: price.planId, billingCycle: price.cycle },
      });
      return;
    }
    case 'archivePrice':
      await stripe.prices.update(action.priceId, { active: false });
  }
}

/** One line per change, for the operator running the sync. */
export function describeAction(action: SyncAction): string {
  switch (action.kind) {
    case 'createProduct':
      return `created product ${action.productId} (${action.name})`;
    case 'updateProduct':
      return `updated product ${action.productId} (${action.name})`;
    case 'createPrice':
      return `created price ${action.price.lookupKey}: ${(action.price.unitAmount / 100).toFixed(2)} ${CURRENCY.toUpperCase()} per ${action.price.interval}`;
    case 'archivePrice':
      return `archived price ${action.priceId}, which held ${action.lookupKey} before`;
  }
}

function nullWhenMissing(err: unknown): null {
  if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
  throw err;
}
