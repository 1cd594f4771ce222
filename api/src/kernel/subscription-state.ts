import type { BillingCycle, PlanId } from '@questlog/constants';

/**
 * The rules that turn Stripe's webhook events into the account's billing state. Pure, so every
 * ordering of events can be reasoned about (and tested) without Stripe: Stripe delivers at least
 * once and in no guaranteed order, so an event may be late, repeated, or about an older subscription.
 */

/** The account's billing fields (a User satisfies it). */
export interface BillingState {
  planId: PlanId;
  billingCycle?: BillingCycle | null;
  stripeSubscriptionId?: string | null;
  subscriptionStatus?: string | null;
  subscriptionStartedAt?: Date | null;
  billingPeriodStart?: Date | null;
  billingPeriodEnd?: Date | null;
  cancelAt?: Date | null;
  billingEventAt?: Date | null;
  paymentFailedAt?: Date | null;
  paymentSucceededAt?: Date | null;
}

export type BillingChange = Partial<Omit<BillingState, 'planId'>> & { planId?: PlanId };

/** What a subscription event says, read off Stripe's object (stripe-event.reader.ts). */
export interface SubscriptionSnapshot {
  id: string;
  status: string;
  created: Date;
  /** The plan its price stands for; null for a price that is not ours. */
  plan: { planId: PlanId; cycle: BillingCycle } | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  cancelAt: Date | null;
}

/** Statuses that keep the plan: past_due too, while Stripe retries the card. */
const LIVE = new Set(['active', 'trialing', 'past_due']);
/** A subscription in one of these never comes back. */
const TERMINAL = new Set(['canceled', 'incomplete_expired']);

const isLive = (status: string | null | undefined) => !!status && LIVE.has(status);

/** The account pays through Stripe right now (the spec's hasStripeSubscription). */
export const hasLiveSubscription = (state: BillingState) =>
  !!state.stripeSubscriptionId && isLive(state.subscriptionStatus);

/** A failed payment not yet followed by a successful one: the time of that failure. */
export function outstandingPaymentFailure(state: BillingState): Date | null {
  const failed = state.paymentFailedAt;
  if (!failed || !hasLiveSubscription(state)) return null;
  return state.paymentSucceededAt && state.paymentSucceededAt >= failed ? null : failed;
}

/**
 * customer.subscription.created / updated / deleted. Null means "changes nothing": an older
 * subscription, an event older than the last one applied, or a subscription that already ended.
 */
export function applySubscription(state: BillingState, sub: SubscriptionSnapshot, eventAt: Date): BillingChange | null {
  const current = state.stripeSubscriptionId === sub.id;
  if (current) {
    if (TERMINAL.has(state.subscriptionStatus ?? '')) return null;
    if (state.billingEventAt && eventAt < state.billingEventAt) return null;
  } else {
    if (state.stripeSubscriptionId && state.subscriptionStartedAt && sub.created < state.subscriptionStartedAt) {
      return null;
    }
    // Only a subscription that is running replaces the one the account has.
    if (!isLive(sub.status)) return null;
  }
  const live = isLive(sub.status);
  if (live && !sub.plan) return null;
  const period = current
    ? laterPeriod(state, sub.periodStart, sub.periodEnd)
    : periodOf(sub.periodStart, sub.periodEnd);
  return {
    stripeSubscriptionId: sub.id,
    subscriptionStatus: sub.status,
    subscriptionStartedAt: sub.created,
    planId: live ? sub.plan!.planId : 'free',
    billingCycle: live ? sub.plan!.cycle : null,
    ...period,
    cancelAt: live ? sub.cancelAt : null,
    billingEventAt: eventAt,
    ...(current ? {} : { paymentFailedAt: null, paymentSucceededAt: null }),
  };
}

/**
 * checkout.session.completed: the buyer paid for a new subscription. Its own subscription events
 * say more (status, exact period) and may come before or after; whichever comes first grants the
 * plan, and this one never overrides them.
 */
export function applyCheckoutCompleted(
  state: BillingState,
  checkout: { subscriptionId: string; plan: { planId: PlanId; cycle: BillingCycle }; at: Date },
): BillingChange | null {
  if (state.stripeSubscriptionId === checkout.subscriptionId) return null;
  if (state.stripeSubscriptionId && state.subscriptionStartedAt && checkout.at < state.subscriptionStartedAt) {
    return null;
  }
  return {
    stripeSubscriptionId: checkout.subscriptionId,
    subscriptionStatus: 'active',
    subscriptionStartedAt: checkout.at,
    planId: checkout.plan.planId,
    billingCycle: checkout.plan.cycle,
    billingPeriodStart: checkout.at,
    billingPeriodEnd: null,
    cancelAt: null,
    // Not this subscription's events yet: the first of them applies whatever its time.
    billingEventAt: null,
    paymentFailedAt: null,
    paymentSucceededAt: null,
  };
}

/**
 * invoice.paid: clears a payment failure; a renewal (or the first invoice) moves the billing period
 * forward, which starts the new period's audio hours. A mid-period plan change's invoice does not.
 */
export function applyInvoicePaid(
  state: BillingState,
  invoice: { subscriptionId: string; at: Date; renewal: boolean; periodStart: Date | null; periodEnd: Date | null },
): BillingChange | null {
  if (state.stripeSubscriptionId !== invoice.subscriptionId || TERMINAL.has(state.subscriptionStatus ?? '')) {
    return null;
  }
  const change: BillingChange = invoice.renewal ? laterPeriod(state, invoice.periodStart, invoice.periodEnd) : {};
  if (!state.paymentSucceededAt || invoice.at > state.paymentSucceededAt) change.paymentSucceededAt = invoice.at;
  return Object.keys(change).length ? change : null;
}

/** invoice.payment_failed: recorded for the profile; the plan stays while Stripe retries. */
export function applyPaymentFailed(
  state: BillingState,
  invoice: { subscriptionId: string; at: Date },
): BillingChange | null {
  if (state.stripeSubscriptionId !== invoice.subscriptionId) return null;
  if (state.paymentFailedAt && invoice.at <= state.paymentFailedAt) return null;
  return { paymentFailedAt: invoice.at };
}

const periodOf = (start: Date | null, end: Date | null) => ({ billingPeriodStart: start, billingPeriodEnd: end });

/** Periods only move forward: a late event about the previous period cannot take the account back. */
function laterPeriod(state: BillingState, start: Date | null, end: Date | null): BillingChange {
  if (!start) return {};
  if (state.billingPeriodStart && start <= state.billingPeriodStart) {
    // The period checkout opened has a start but no end yet; the subscription knows it.
    return state.billingPeriodEnd || !end ? {} : { billingPeriodEnd: end };
  }
  return periodOf(start, end);
}
