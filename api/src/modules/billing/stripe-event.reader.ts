import type Stripe from 'stripe';
import { isPlanId, type BillingCycle, type PlanId } from '../plans';
import { priceMeaning, type CataloguePrice } from './billing.catalogue';
import type { SubscriptionSnapshot } from '../../kernel/subscription-state';

/** Reads what the billing rules need off Stripe's objects (API version of adapters/stripe). */

type PlanAndCycle = { planId: PlanId; cycle: BillingCycle };

const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * The plan a price stands for: its lookup key, or, for a price that gave its key to a newer one
 * (`npm run stripe:sync` after a price change), the plan written on it when it was created.
 */
function planOfPrice(prices: readonly CataloguePrice[], price: Stripe.Price | undefined): PlanAndCycle | null {
  if (!price) return null;
  return priceMeaning(prices, price.lookup_key) ?? planOfMetadata(prices, price.metadata);
}

/** planId and billingCycle written by this app (on prices, checkouts), if they name a catalogue price. */
export function planOfMetadata(
  prices: readonly CataloguePrice[],
  metadata: Stripe.Metadata | null | undefined,
): PlanAndCycle | null {
  const planId = metadata?.planId;
  const cycle = metadata?.billingCycle;
  if (!planId || !isPlanId(planId)) return null;
  return prices.some((p) => p.planId === planId && p.cycle === cycle) ? { planId, cycle: cycle as BillingCycle } : null;
}

export function subscriptionSnapshot(
  prices: readonly CataloguePrice[],
  sub: Stripe.Subscription,
): SubscriptionSnapshot {
  const item = sub.items?.data?.[0];
  const periodEnd = at(item?.current_period_end);
  return {
    id: sub.id,
    status: sub.status,
    created: new Date(sub.created * 1000),
    plan: planOfPrice(prices, item?.price) ?? planOfMetadata(prices, sub.metadata),
    periodStart: at(item?.current_period_start),
    periodEnd,
    cancelAt: at(sub.cancel_at) ?? (sub.cancel_at_period_end ? periodEnd : null),
  };
}

/** The subscription an invoice bills, if it bills one. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const sub = invoice.parent?.subscription_details?.subscription;
  return typeof sub === 'string' ? sub : (sub?.id ?? null);
}

/** The service period of a subscription invoice: its subscription line's period. */
export function invoicePeriod(invoice: Stripe.Invoice): { start: Date | null; end: Date | null } {
  const line = invoice.lines?.data?.find((l) => l.period);
  return { start: at(line?.period.start), end: at(line?.period.end) };
}

/** Invoices that open a new period (the first one, and each renewal), as opposed to a mid-period change. */
export const opensPeriod = (invoice: Stripe.Invoice) =>
  invoice.billing_reason === 'subscription_create' || invoice.billing_reason === 'subscription_cycle';

/** The id of a Stripe reference, whether the event holds it as an id or as the expanded object. */
export const idOf = (ref: string | { id: string } | null | undefined) =>
  typeof ref === 'string' ? ref : (ref?.id ?? null);
