import Stripe from 'stripe';
import { startTestApp, type TestApp } from '../../../test/app';
import { countRows } from '../../../test/accounts';
import {
  WEBHOOK_SECRET,
  postStripeEvent,
  stripeCustomer,
  stripeEnv,
  stripeEvent,
  subscription,
} from '../../../test/billing';

const period = {
  created: new Date(Date.now() - 86_400_000),
  periodStart: new Date(Date.now() - 86_400_000),
  periodEnd: new Date(Date.now() + 29 * 86_400_000),
};

describe('POST /api/stripe/webhook refuses what Stripe did not sign', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(stripeEnv());
  });
  afterAll(() => app.close());

  /** A subscription event that would give the account Pro, and a way to read the plan it has. */
  async function attempt(lookupKey = 'questlog_pro_monthly') {
    const c = await stripeCustomer(app);
    const paid = subscription({ id: `sub_forged_${c.userId}`, customer: c.customerId, lookupKey, ...period });
    const event = stripeEvent('customer.subscription.created', paid, new Date());
    const plan = async () => (await c.client.gql('{ me { plan { id } } }')).body.data.me.plan.id;
    return { event, plan };
  }

  it.each([
    ['no signature', { signature: null }],
    ['a signature made with another secret', { secret: 'whsec_someone_else' }],
    ['a signature older than five minutes (a replay)', { timestamp: new Date(Date.now() - 10 * 60_000) }],
    ['a malformed signature header', { signature: 't=1,v1=deadbeef' }],
  ])('%s: 400, nothing changed or recorded', async (_name, opts) => {
    const { event, plan } = await attempt();
    const res = await postStripeEvent(app, event, opts);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { error: 'Invalid Stripe signature', code: 'BAD_USER_INPUT' },
    });
    expect(await countRows(app, 'stripe_events', 'id = ?', [event.id])).toBe(0);
    expect(await plan()).toBe('free');
  });

  it('a body changed after signing: 400', async () => {
    const { event, plan } = await attempt('questlog_beginner_monthly');
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: WEBHOOK_SECRET,
    });
    const tampered = JSON.parse(JSON.stringify(event).replace('questlog_beginner_monthly', 'questlog_pro_monthly'));
    expect((await postStripeEvent(app, tampered, { signature })).status).toBe(400);
    expect(await plan()).toBe('free');
  });

  it('acknowledges, and ignores, events about customers it did not create', async () => {
    const elsewhere = subscription({
      id: 'sub_elsewhere',
      customer: 'cus_not_ours',
      lookupKey: 'questlog_pro_monthly',
      ...period,
    });
    const res = await postStripeEvent(app, stripeEvent('customer.subscription.created', elsewhere, new Date()));
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { received: true } });
  });
});

describe('POST /api/stripe/webhook in self-hosted mode', () => {
  it('is not there (404): nothing is billed through Stripe', async () => {
    const app = await startTestApp();
    try {
      const res = await postStripeEvent(app, stripeEvent('invoice.paid', {}, new Date()));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Stripe billing is not enabled', code: 'NOT_FOUND' });
    } finally {
      await app.close();
    }
  });
});
