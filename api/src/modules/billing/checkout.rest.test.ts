import { startTestApp, type TestApp } from '../../../test/app';
import { signedUpClient } from '../../../test/accounts';
import { BUYABLE, postStripeEvent, startStripeApp, stripeEnv, stripeEvent, subscription } from '../../../test/billing';
import { freePort } from '../../../test/free-port';
import { HttpClient } from '../../../test/http-client';
import type { StripeTap } from '../../../test/stripe-tap';

const CHECKOUT = '/api/create_checkout_session/';

describe('POST /api/create_checkout_session/ (BILLING_MODE=stripe, against stripe-mock)', () => {
  let app: TestApp;
  let tap: StripeTap;
  let close: () => Promise<void>;
  beforeAll(async () => ({ app, tap, close } = await startStripeApp()));
  afterAll(() => close());

  const userRow = async (email: string) =>
    (
      await app.orm.em
        .fork()
        .getConnection()
        .execute('select id, plan_id, stripe_customer_id from users where email = ?', [email])
    )[0];

  it.each(BUYABLE)(
    'opens Stripe Checkout for %s billed %s, with the price of its lookup key',
    async (planId, cycle) => {
      const { client, email } = await signedUpClient(app);
      const before = tap.calls.length;
      const res = await client.post(CHECKOUT, { planId, billingCycle: cycle, customerEmail: email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ sessionId: expect.stringMatching(/^cs_/), url: expect.stringMatching(/^https:\/\//) });
      const calls = tap.calls.slice(before);
      const lookup = calls.find((c) => c.path === '/v1/prices')!;
      expect(lookup.params).toMatchObject({ 'lookup_keys[0]': `questlog_${planId}_${cycle}`, active: 'true' });
      const session = calls.find((c) => c.path === '/v1/checkout/sessions')!.params;
      const user = await userRow(email);
      expect(session).toMatchObject({
        mode: 'subscription',
        customer: user.stripe_customer_id,
        client_reference_id: user.id,
        'line_items[0][quantity]': '1',
        success_url: `${app.url}/payment-confirmation?success=true&plan=${planId}&billing=${cycle}`,
        cancel_url: `${app.url}/plan-select?canceled=true`,
        'metadata[planId]': planId,
        'subscription_data[metadata][billingCycle]': cycle,
      });
      // Nothing is granted before Stripe says it was paid (the webhook).
      expect(user.plan_id).toBe('free');
    },
  );

  it('creates one Stripe Customer per account and reuses it for every later checkout', async () => {
    const { client, email } = await signedUpClient(app);
    const before = tap.calls.length;
    await client.post(CHECKOUT, { planId: 'pro', billingCycle: 'monthly', customerEmail: email });
    const customerId = (await userRow(email)).stripe_customer_id;
    await client.post(CHECKOUT, { planId: 'beginner', billingCycle: 'annual', customerEmail: email.toUpperCase() });
    const creates = tap.calls.slice(before).filter((c) => c.path === '/v1/customers');
    expect(creates).toHaveLength(1);
    expect(creates[0].params).toMatchObject({ email, 'metadata[userId]': (await userRow(email)).id });
    expect(customerId).toMatch(/^cus_/);
    expect((await userRow(email)).stripe_customer_id).toBe(customerId);
    const sessions = tap.calls.slice(before).filter((c) => c.path === '/v1/checkout/sessions');
    expect(sessions.map((s) => s.params.customer)).toEqual([customerId, customerId]);
  });

  it('PUBLIC_URL, when set, is where Stripe sends the buyer back', async () => {
    const behindProxy = await startTestApp({ ...stripeEnv(tap.url), PUBLIC_URL: 'https://questlog.example/' });
    try {
      const { client, email } = await signedUpClient(behindProxy);
      const before = tap.calls.length;
      await client.post(CHECKOUT, { planId: 'standard', billingCycle: 'monthly', customerEmail: email });
      const session = tap.calls.slice(before).find((c) => c.path === '/v1/checkout/sessions')!.params;
      expect(session.success_url).toBe(
        'https://questlog.example/payment-confirmation?success=true&plan=standard&billing=monthly',
      );
      expect(session.cancel_url).toBe('https://questlog.example/plan-select?canceled=true');
    } finally {
      await behindProxy.close();
    }
  });

  it.each([
    [{ planId: 'platinum', billingCycle: 'monthly' }, 'Unknown plan', 'planId'],
    [{ planId: 'free', billingCycle: 'monthly' }, 'The Free / Viewer plan needs no payment', 'planId'],
    [{ planId: 'qa_chatbot', billingCycle: 'annual' }, 'Q&A Chatbot Access is billed monthly only', 'billingCycle'],
    [{ planId: 'pro', billingCycle: 'weekly' }, 'Billing cycle must be monthly or annual', 'billingCycle'],
    [{ planId: 'pro', billingCycle: 'monthly', customerEmail: '' }, 'Please enter an email address', 'customerEmail'],
    [{ planId: 'pro', billingCycle: 'monthly', customerEmail: null }, 'Please enter an email address', 'customerEmail'],
    [
      { planId: 'pro', billingCycle: 'monthly', customerEmail: 'not-an-address' },
      'Please enter a valid email address',
      'customerEmail',
    ],
    [
      { planId: 'pro', billingCycle: 'monthly', customerEmail: 'someone.else@example.com' },
      'Please use the e-mail address of your account',
      'customerEmail',
    ],
  ])('refuses %j with 400 "%s", asking Stripe nothing', async (payload, message, field) => {
    const { client, email } = await signedUpClient(app);
    const before = tap.calls.length;
    const res = await client.post(CHECKOUT, { customerEmail: email, ...payload });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'BAD_USER_INPUT', field });
    expect(tap.calls.length).toBe(before);
    expect(await userRow(email)).toMatchObject({ plan_id: 'free', stripe_customer_id: null });
  });

  it('needs a signed-in caller and the CSRF token', async () => {
    const anon = new HttpClient(app.url);
    const payload = { planId: 'pro', billingCycle: 'monthly', customerEmail: 'x@example.com' };
    expect((await anon.post(CHECKOUT, payload)).status).toBe(401);
    const { client, email } = await signedUpClient(app);
    const res = await client.post(CHECKOUT, { ...payload, customerEmail: email }, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CSRF_FAILED');
  });

  it('sends a subscriber to Manage Subscription instead of selling a second subscription', async () => {
    const { client, email } = await signedUpClient(app);
    const purchase = { planId: 'pro', billingCycle: 'monthly', customerEmail: email };
    expect((await client.post(CHECKOUT, purchase)).status).toBe(200);
    const { stripe_customer_id: customer } = await userRow(email);
    const month = { created: new Date(), periodStart: new Date(), periodEnd: new Date(Date.now() + 30 * 86_400_000) };
    const paid = subscription({ id: `sub_${customer}`, customer, lookupKey: 'questlog_pro_monthly', ...month });
    expect((await postStripeEvent(app, stripeEvent('customer.subscription.created', paid, new Date()))).status).toBe(
      200,
    );
    const before = tap.calls.length;
    const res = await client.post(CHECKOUT, { ...purchase, planId: 'standard' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('You already have a subscription. Change it with Manage Subscription on your profile.');
    expect(tap.calls.length).toBe(before);
  });

  it('answers 503 "Failed to create checkout session" when Stripe cannot be reached', async () => {
    const offline = await startTestApp(stripeEnv(`http://127.0.0.1:${await freePort()}`));
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { client, email } = await signedUpClient(offline);
      const res = await client.post(CHECKOUT, { planId: 'pro', billingCycle: 'monthly', customerEmail: email });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: 'Failed to create checkout session', code: 'UNAVAILABLE' });
      expect(log).toHaveBeenCalledWith(
        expect.stringContaining('Failed to create checkout session: StripeConnectionError'),
      );
    } finally {
      log.mockRestore();
      await offline.close();
    }
  }, 60_000);
});

describe('POST /api/create_checkout_session/ (self-hosted mode)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('applies the plan at once and answers the confirmation page, so the web app has one flow', async () => {
    const { client, email } = await signedUpClient(app);
    const res = await client.post(CHECKOUT, { planId: 'standard', billingCycle: 'annual', customerEmail: email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sessionId: null,
      url: '/payment-confirmation?success=true&plan=standard&billing=annual',
    });
    const info = await client.get('/api/account-info/');
    expect(info.body).toMatchObject({
      hasStripeSubscription: true,
      hasValidAccess: true,
      usageInfo: { upload_limit: 16 },
    });
  });

  it('refuses the same bad input as Stripe mode, changing nothing', async () => {
    const { client, email } = await signedUpClient(app);
    const res = await client.post(CHECKOUT, { planId: 'qa_chatbot', billingCycle: 'annual', customerEmail: email });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Q&A Chatbot Access is billed monthly only');
    expect((await client.get('/api/account-info/')).body).toMatchObject({ hasValidAccess: false });
  });
});
