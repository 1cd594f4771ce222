import {
  applyCheckoutCompleted,
  applyInvoicePaid,
  applySubscription,
  type BillingState,
  type SubscriptionSnapshot,
} from './subscription-state';

const t = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));
const month = (n: number) => new Date(Date.UTC(2026, 10 + n, 1, 12, 0));
const free: BillingState = { planId: 'free' };
const sub = (over: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: 'sub_1',
  status: 'active',
  created: t(0),
  plan: { planId: 'beginner', cycle: 'monthly' },
  periodStart: month(0),
  periodEnd: month(1),
  cancelAt: null,
  ...over,
});
const after = (state: BillingState, change: ReturnType<typeof applySubscription>) => ({ ...state, ...change });

describe('the billing rules, event by event', () => {
  it('checkout first, its subscription event after: the plan stays, the period gets its end', () => {
    const paid = after(free, applyCheckoutCompleted(free, { subscriptionId: 'sub_1', plan: sub().plan!, at: t(1) }));
    expect(paid).toMatchObject({ planId: 'beginner', billingPeriodStart: t(1), billingPeriodEnd: null });
    const known = after(paid, applySubscription(paid, sub(), t(0)));
    expect(known).toMatchObject({ planId: 'beginner', billingPeriodStart: t(1), billingPeriodEnd: month(1) });
  });

  it('subscription event first, checkout after: checkout adds nothing', () => {
    const known = after(free, applySubscription(free, sub(), t(0)));
    expect(applyCheckoutCompleted(known, { subscriptionId: 'sub_1', plan: sub().plan!, at: t(1) })).toBeNull();
  });

  it('a renewal opens the next period; a mid-period change and a late old period do not move it', () => {
    const known = after(free, applySubscription(free, sub(), t(0)));
    const invoice = { subscriptionId: 'sub_1', at: t(2), periodStart: month(1), periodEnd: month(2) };
    expect(applyInvoicePaid(known, { ...invoice, renewal: false })).toEqual({ paymentSucceededAt: t(2) });
    const renewed = after(known, applyInvoicePaid(known, { ...invoice, renewal: true }));
    expect(renewed).toMatchObject({ billingPeriodStart: month(1), billingPeriodEnd: month(2) });
    const late = applySubscription(renewed, sub({ cancelAt: month(1) }), t(3));
    expect(late).toMatchObject({ cancelAt: month(1) });
    expect(late).not.toHaveProperty('billingPeriodStart');
  });

  it('a subscription with a price that is not ours grants nothing', () => {
    expect(applySubscription(free, sub({ plan: null }), t(0))).toBeNull();
  });
});
