import type { BillingCycle } from '@questlog/constants';
import type { PlanCatalogueQuery } from '../../gql/graphql';

export type Plan = PlanCatalogueQuery['plans'][number];
export type Cycle = BillingCycle;

/** Whole dollars without decimals, cents with two ($12, $16.50). */
export function price(amount: number): string {
  return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}

/** "1 hour" / "8 hours". */
export function hours(amount: number): string {
  return `${amount} ${amount === 1 ? 'hour' : 'hours'}`;
}

/** The navigation state a checkout return carries into /payment-confirmation (docs/product.md#routes). */
export interface ConfirmationState {
  plan?: Plan;
  billingCycle?: Cycle;
  isUpgrade?: boolean;
}
