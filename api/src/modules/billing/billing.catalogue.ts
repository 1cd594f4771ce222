import type { BillingCycle, PlanDefinition, PlanId } from '../plans';

/**
 * What Stripe sells, derived from the plan catalogue (docs/product.md#plans-and-limits): one Product per paid plan,
 * one recurring Price per plan and billing cycle. Prices are found by lookup key, never by id, so
 * an operator's Stripe account is configured by `npm run stripe:sync` and not by pasting ids.
 */
export interface CataloguePrice {
  planId: PlanId;
  cycle: BillingCycle;
  lookupKey: string;
  productId: string;
  /** In cents (Stripe's smallest currency unit). */
  unitAmount: number;
  interval: 'month' | 'year';
}

export const CURRENCY = 'usd';

const PREFIX = 'questlog_';

/** Stripe accepts our own Product ids, which keeps products findable without a search. */
export const productIdOf = (planId: PlanId) => `${PREFIX}${planId}`;

export const lookupKeyOf = (planId: PlanId, cycle: BillingCycle) => `${PREFIX}${planId}_${cycle}`;

export function cataloguePrices(plans: readonly PlanDefinition[]): CataloguePrice[] {
  return plans
    .filter((plan) => plan.paid)
    .flatMap((plan) => {
      const monthly: CataloguePrice = {
        planId: plan.id,
        cycle: 'monthly',
        lookupKey: lookupKeyOf(plan.id, 'monthly'),
        productId: productIdOf(plan.id),
        unitAmount: cents(plan.monthlyPrice),
        interval: 'month',
      };
      if (plan.annualPrice === null) return [monthly];
      const annual: CataloguePrice = {
        ...monthly,
        cycle: 'annual',
        lookupKey: lookupKeyOf(plan.id, 'annual'),
        unitAmount: cents(plan.annualPrice),
        interval: 'year',
      };
      return [monthly, annual];
    });
}

/** The plan and cycle a Price stands for, from its lookup key; null for prices that are not ours. */
export function priceMeaning(
  prices: readonly CataloguePrice[],
  lookupKey: string | null | undefined,
): { planId: PlanId; cycle: BillingCycle } | null {
  const price = prices.find((p) => p.lookupKey === lookupKey);
  return price ? { planId: price.planId, cycle: price.cycle } : null;
}

const cents = (dollars: number) => Math.round(dollars * 100);
