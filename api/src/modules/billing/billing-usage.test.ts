import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../test/app';
import { invoice, postStripeEvent, stripeCustomer, stripeEnv, stripeEvent, subscription } from '../../../test/billing';
import { PlanService } from '../plans/plan.service';
import { UsageService } from '../usage/usage.service';

const DAY = 86_400_000;

describe('audio hours by billing period (BILLING_MODE=stripe)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(stripeEnv());
  });
  afterAll(() => app.close());

  const usage = () => new UsageService(app.orm.em.fork(), new PlanService(app.config));

  async function customer() {
    const c = await stripeCustomer(app);
    const info = async () => (await c.client.get('/api/account-info/')).body.usageInfo;
    return { ...c, info };
  }

  async function send(type: string, object: Record<string, unknown>, created: Date) {
    expect((await postStripeEvent(app, stripeEvent(type, object, created))).status).toBe(200);
  }

  const now = Date.now();
  const thisPeriod = { periodStart: new Date(now - 10 * DAY), periodEnd: new Date(now + 20 * DAY) };
  const nextPeriod = { periodStart: thisPeriod.periodEnd, periodEnd: new Date(now + 50 * DAY) };

  it('a renewal starts the hours again; what was used stays with the period it was used in', async () => {
    const c = await customer();
    const sub = {
      id: `sub_renew_${c.userId}`,
      customer: c.customerId,
      lookupKey: 'questlog_beginner_monthly',
      created: new Date(now - 10 * DAY),
      ...thisPeriod,
    };
    await send('customer.subscription.created', subscription(sub), new Date(now - 10 * DAY));
    await usage().charge(c.userId, 2 * 3600, randomUUID());
    expect(await c.info()).toEqual({ upload_limit: 8, used_time: 2, remaining_time: 6, can_upload: true });

    const renewal = {
      customer: c.customerId,
      subscription: sub.id,
      billingReason: 'subscription_cycle',
      ...nextPeriod,
    };
    await send('invoice.paid', invoice(renewal), new Date(now));
    expect(await c.info()).toEqual({ upload_limit: 8, used_time: 0, remaining_time: 8, can_upload: true });
    // The period's own subscription event, late, cannot take the account back to the old period.
    await send('customer.subscription.updated', subscription(sub), new Date(now - DAY));
    expect((await c.info()).used_time).toBe(0);
  });

  it('an upgrade mid-period raises the allowance at once and keeps what was used', async () => {
    const c = await customer();
    const sub = {
      id: `sub_upgrade_${c.userId}`,
      customer: c.customerId,
      created: new Date(now - 10 * DAY),
      ...thisPeriod,
    };
    await send(
      'customer.subscription.created',
      subscription({ ...sub, lookupKey: 'questlog_beginner_monthly' }),
      new Date(now - 10 * DAY),
    );
    await usage().charge(c.userId, 8 * 3600, randomUUID());
    expect(await c.info()).toMatchObject({ remaining_time: 0, can_upload: false });
    // The billing portal swaps the price; the period stays, its invoice is a mid-period one.
    await send(
      'customer.subscription.updated',
      subscription({ ...sub, lookupKey: 'questlog_pro_monthly' }),
      new Date(now - DAY),
    );
    const proration = {
      customer: c.customerId,
      subscription: sub.id,
      billingReason: 'subscription_update',
      periodStart: new Date(now - DAY),
      periodEnd: thisPeriod.periodEnd,
    };
    await send('invoice.paid', invoice(proration), new Date(now - DAY + 1000));
    expect(await c.info()).toEqual({ upload_limit: 32, used_time: 8, remaining_time: 24, can_upload: true });
  });

  it('free hours count by calendar month; a subscription counts from its own start', async () => {
    const c = await customer();
    await usage().charge(c.userId, 3600, randomUUID());
    expect(await c.info()).toMatchObject({ upload_limit: 1, remaining_time: 0, can_upload: false });
    const sub = {
      id: `sub_fresh_${c.userId}`,
      customer: c.customerId,
      lookupKey: 'questlog_standard_annual',
      created: new Date(now),
      periodStart: new Date(now),
      periodEnd: new Date(now + 365 * DAY),
    };
    await send('customer.subscription.created', subscription(sub), new Date(now));
    expect(await c.info()).toEqual({ upload_limit: 16, used_time: 0, remaining_time: 16, can_upload: true });
    await send('customer.subscription.deleted', subscription({ ...sub, status: 'canceled' }), new Date(now + 1000));
    // Back on Free: this calendar month's hour is still used up.
    expect(await c.info()).toMatchObject({ upload_limit: 1, used_time: 1, can_upload: false });
  });
});
