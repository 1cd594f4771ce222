import { startTestApp, type TestApp } from '../../../test/app';
import { firstError, signedUpClient } from '../../../test/accounts';
import { postStripeEvent, startStripeApp, stripeEnv, stripeEvent, subscription } from '../../../test/billing';
import { freePort } from '../../../test/free-port';
import { HttpClient } from '../../../test/http-client';
import type { StripeTap } from '../../../test/stripe-tap';

const PORTAL = 'mutation { createBillingPortalSession { url } }';

describe("Mutation.createBillingPortalSession ('Manage Subscription')", () => {
  let app: TestApp;
  let tap: StripeTap;
  let close: () => Promise<void>;
  beforeAll(async () => ({ app, tap, close } = await startStripeApp()));
  afterAll(() => close());

  /** An account that bought a plan: checkout (its Customer) and the subscription's webhook. */
  async function subscriber() {
    const { client, email } = await signedUpClient(app);
    await client.post('/api/create_checkout_session/', {
      planId: 'pro',
      billingCycle: 'monthly',
      customerEmail: email,
    });
    const [{ stripe_customer_id: customer }] = await app.orm.em
      .fork()
      .getConnection()
      .execute('select stripe_customer_id from users where email = ?', [email]);
    const month = { created: new Date(), periodStart: new Date(), periodEnd: new Date(Date.now() + 30 * 86_400_000) };
    const paid = subscription({ id: `sub_${customer}`, customer, lookupKey: 'questlog_pro_monthly', ...month });
    expect((await postStripeEvent(app, stripeEvent('customer.subscription.created', paid, new Date()))).status).toBe(
      200,
    );
    return { client, customer: customer as string };
  }

  it("opens the portal for the subscriber's own Customer, returning to /profile", async () => {
    const { client, customer } = await subscriber();
    const res = await client.gql(PORTAL);
    expect(res.body.data.createBillingPortalSession.url).toMatch(/^https:\/\//);
    expect(tap.to('POST', '/v1/billing_portal/sessions').at(-1)!.params).toEqual({
      customer,
      return_url: `${app.url}/profile`,
    });
  });

  it('is for accounts with a subscription, and for signed-in callers only', async () => {
    const { client } = await signedUpClient(app);
    const before = tap.calls.length;
    expect(firstError(await client.gql(PORTAL))).toEqual({
      message: 'Manage Subscription is for accounts with a subscription',
      code: 'FORBIDDEN',
      field: undefined,
    });
    expect(firstError(await new HttpClient(app.url).gql(PORTAL))?.code).toBe('UNAUTHENTICATED');
    expect(tap.calls.length).toBe(before);
  });

  it('says "Failed to open the billing portal" when Stripe cannot be reached', async () => {
    const offline = await startTestApp(stripeEnv(`http://127.0.0.1:${await freePort()}`));
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // Checkout needs Stripe, so this account gets its Customer id written directly.
      const { client, email } = await signedUpClient(offline);
      await offline.orm.em
        .fork()
        .getConnection()
        .execute(`update users set stripe_customer_id = 'cus_offline' where email = ?`, [email]);
      const month = { created: new Date(), periodStart: new Date(), periodEnd: new Date(Date.now() + 30 * 86_400_000) };
      const paid = subscription({
        id: 'sub_offline',
        customer: 'cus_offline',
        lookupKey: 'questlog_pro_monthly',
        ...month,
      });
      await postStripeEvent(offline, stripeEvent('customer.subscription.created', paid, new Date()));
      expect(firstError(await client.gql(PORTAL))).toMatchObject({
        message: 'Failed to open the billing portal',
        code: 'UNAVAILABLE',
      });
      expect(log).toHaveBeenCalledWith(expect.stringContaining('StripeConnectionError'));
    } finally {
      log.mockRestore();
      await offline.close();
    }
  }, 60_000);

  it('is not there in self-hosted mode', async () => {
    const selfHosted = await startTestApp();
    try {
      const { client } = await signedUpClient(selfHosted);
      expect(firstError(await client.gql(PORTAL))).toMatchObject({
        message: 'Stripe billing is not enabled',
        code: 'NOT_FOUND',
      });
    } finally {
      await selfHosted.close();
    }
  });
});
