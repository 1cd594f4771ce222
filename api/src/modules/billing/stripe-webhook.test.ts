import { startTestApp, type TestApp } from '../../../test/app';
import { countRows } from '../../../test/accounts';
import {
  BUYABLE,
  completedCheckout,
  invoice,
  postStripeEvent,
  stripeCustomer,
  stripeEvent,
  stripeEnv,
  subscription,
} from '../../../test/billing';

const DAY = 86_400_000;
/** How the API shows a time Stripe sent: whole seconds. */
const shown = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();
const ACCOUNT = `{ me { plan { id } billingCycle hasStripeSubscription hasValidAccess renewsAt endsAt paymentFailedAt
  usage { uploadLimit } } }`;

describe('POST /api/stripe/webhook (signed events over HTTP; the account follows the subscription)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(stripeEnv());
  });
  afterAll(() => app.close());

  async function customer() {
    const c = await stripeCustomer(app);
    const me = async () => (await c.client.gql(ACCOUNT)).body.data.me;
    const info = async () => (await c.client.get('/api/account-info/')).body;
    return { ...c, me, info };
  }

  const now = Date.now();
  const period = {
    created: new Date(now - DAY),
    periodStart: new Date(now - DAY),
    periodEnd: new Date(now + 29 * DAY),
  };

  async function send(type: string, object: Record<string, unknown>, created: Date) {
    const res = await postStripeEvent(app, stripeEvent(type, object, created));
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { received: true } });
  }

  it.each(BUYABLE)(
    'a paid checkout for %s (%s) grants the plan, its cycle and its allowance',
    async (planId, cycle) => {
      const c = await customer();
      const subId = `sub_${planId}_${cycle}_${c.userId.slice(0, 8)}`;
      await send(
        'checkout.session.completed',
        completedCheckout({ customer: c.customerId, subscription: subId, userId: c.userId, planId, cycle }),
        new Date(now),
      );
      const hours = { qa_chatbot: 1, beginner: 8, standard: 16, pro: 32 }[planId];
      expect(await c.me()).toMatchObject({
        plan: { id: planId },
        billingCycle: cycle.toUpperCase(),
        hasStripeSubscription: true,
        hasValidAccess: true,
        usage: { uploadLimit: hours },
      });
      // Its subscription event, a moment older, fills in the period without taking anything back.
      await send(
        'customer.subscription.created',
        subscription({ id: subId, customer: c.customerId, lookupKey: `questlog_${planId}_${cycle}`, ...period }),
        new Date(now - 1000),
      );
      expect(await c.me()).toMatchObject({
        plan: { id: planId },
        hasStripeSubscription: true,
        renewsAt: shown(period.periodEnd.getTime()),
      });
    },
  );

  it('the Q&A add-on gives Q&A access and no audio hours beyond the Free allowance', async () => {
    const c = await customer();
    await send(
      'customer.subscription.created',
      subscription({
        id: `sub_qa_${c.userId}`,
        customer: c.customerId,
        lookupKey: 'questlog_qa_chatbot_monthly',
        ...period,
      }),
      new Date(now),
    );
    expect(await c.info()).toMatchObject({
      hasStripeSubscription: true,
      hasValidAccess: true,
      usageInfo: { upload_limit: 1, remaining_time: 1 },
    });
  });

  it('cancellation at period end keeps the plan until the subscription is deleted', async () => {
    const c = await customer();
    const sub = { id: `sub_cancel_${c.userId}`, customer: c.customerId, lookupKey: 'questlog_pro_monthly', ...period };
    await send('customer.subscription.created', subscription(sub), new Date(now - 3000));
    await send(
      'customer.subscription.updated',
      subscription({ ...sub, cancelAtPeriodEnd: true }),
      new Date(now - 2000),
    );
    expect(await c.me()).toMatchObject({
      plan: { id: 'pro' },
      hasStripeSubscription: true,
      hasValidAccess: true,
      renewsAt: null,
      endsAt: shown(period.periodEnd.getTime()),
    });
    await send('customer.subscription.deleted', subscription({ ...sub, status: 'canceled' }), new Date(now - 1000));
    expect(await c.me()).toMatchObject({
      plan: { id: 'free' },
      billingCycle: null,
      hasStripeSubscription: false,
      hasValidAccess: false,
      endsAt: null,
      usage: { uploadLimit: 1 },
    });
    // Having ended, it may buy again (checkout is refused only to a running subscription).
    const again = await c.client.post('/api/create_checkout_session/', {
      planId: 'standard',
      billingCycle: 'annual',
      customerEmail: c.email,
    });
    expect(again.status).toBe(200);
  });

  it('a failed payment shows on the account, keeps the plan while Stripe retries, and clears once paid', async () => {
    const c = await customer();
    const subId = `sub_dunning_${c.userId}`;
    await send(
      'customer.subscription.created',
      subscription({ id: subId, customer: c.customerId, lookupKey: 'questlog_standard_monthly', ...period }),
      new Date(now - 5000),
    );
    const renewal = { customer: c.customerId, subscription: subId, billingReason: 'subscription_cycle', ...period };
    await send('invoice.payment_failed', invoice(renewal), new Date(now - 4000));
    expect(await c.me()).toMatchObject({
      plan: { id: 'standard' },
      hasValidAccess: true,
      paymentFailedAt: shown(now - 4000),
    });
    await send(
      'customer.subscription.updated',
      subscription({
        id: subId,
        customer: c.customerId,
        lookupKey: 'questlog_standard_monthly',
        status: 'past_due',
        ...period,
      }),
      new Date(now - 3500),
    );
    expect(await c.me()).toMatchObject({ plan: { id: 'standard' }, hasStripeSubscription: true });
    await send('invoice.paid', invoice(renewal), new Date(now - 3000));
    expect((await c.me()).paymentFailedAt).toBeNull();
    // The failure arriving again late (an older event) does not bring it back.
    await send('invoice.payment_failed', invoice(renewal), new Date(now - 4500));
    expect((await c.me()).paymentFailedAt).toBeNull();
  });

  it('unpaid after the retries: the plan goes back to Free', async () => {
    const c = await customer();
    const sub = {
      id: `sub_unpaid_${c.userId}`,
      customer: c.customerId,
      lookupKey: 'questlog_beginner_annual',
      ...period,
    };
    await send('customer.subscription.created', subscription(sub), new Date(now - 2000));
    await send('customer.subscription.updated', subscription({ ...sub, status: 'unpaid' }), new Date(now - 1000));
    expect(await c.me()).toMatchObject({ plan: { id: 'free' }, hasStripeSubscription: false, hasValidAccess: false });
  });

  it('an event delivered twice is applied once', async () => {
    const c = await customer();
    const sub = { id: `sub_twice_${c.userId}`, customer: c.customerId, lookupKey: 'questlog_pro_annual', ...period };
    const event = stripeEvent('customer.subscription.created', subscription(sub), new Date(now - 1000));
    for (let i = 0; i < 2; i++) expect((await postStripeEvent(app, event)).status).toBe(200);
    expect(await countRows(app, 'stripe_events', 'id = ?', [event.id])).toBe(1);
    expect(await c.me()).toMatchObject({ plan: { id: 'pro' }, billingCycle: 'ANNUAL' });
  });

  it('events out of order cannot take a newer state back', async () => {
    const c = await customer();
    const sub = { id: `sub_order_${c.userId}`, customer: c.customerId, ...period };
    await send(
      'customer.subscription.updated',
      subscription({ ...sub, lookupKey: 'questlog_pro_monthly' }),
      new Date(now - 1000),
    );
    // The older "created" (still Beginner) arrives after the upgrade.
    await send(
      'customer.subscription.created',
      subscription({ ...sub, lookupKey: 'questlog_beginner_monthly' }),
      new Date(now - 2000),
    );
    expect((await c.me()).plan.id).toBe('pro');
    await send(
      'customer.subscription.deleted',
      subscription({ ...sub, lookupKey: 'questlog_pro_monthly', status: 'canceled' }),
      new Date(now - 500),
    );
    // An "updated" from before the deletion, delivered late, cannot revive it.
    await send(
      'customer.subscription.updated',
      subscription({ ...sub, lookupKey: 'questlog_pro_monthly' }),
      new Date(now - 700),
    );
    expect(await c.me()).toMatchObject({ plan: { id: 'free' }, hasStripeSubscription: false });
  });

  it('an event about an older subscription changes nothing once a newer one runs', async () => {
    const c = await customer();
    const old = {
      id: `sub_old_${c.userId}`,
      customer: c.customerId,
      lookupKey: 'questlog_beginner_monthly',
      ...period,
    };
    const current = {
      ...old,
      id: `sub_new_${c.userId}`,
      lookupKey: 'questlog_standard_annual',
      created: new Date(now),
    };
    await send('customer.subscription.created', subscription(current), new Date(now));
    await send('customer.subscription.deleted', subscription({ ...old, status: 'canceled' }), new Date(now + 1000));
    await send('customer.subscription.updated', subscription(old), new Date(now + 2000));
    expect(await c.me()).toMatchObject({
      plan: { id: 'standard' },
      billingCycle: 'ANNUAL',
      hasStripeSubscription: true,
    });
  });
});
