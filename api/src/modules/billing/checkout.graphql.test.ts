import { startTestApp, type TestApp } from '../../../test/app';
import { firstError, signedUpClient } from '../../../test/accounts';
import { stripeEnv } from '../../../test/billing';
import { HttpClient } from '../../../test/http-client';
import { startStripeTap, type StripeTap } from '../../../test/stripe-tap';

const CHECKOUT = `mutation($input: CheckoutSessionInput!) { createCheckoutSession(input: $input) { sessionId url } }`;

describe('Mutation.createCheckoutSession (the same service as the REST shim)', () => {
  let stripeApp: TestApp;
  let selfHosted: TestApp;
  let tap: StripeTap;
  beforeAll(async () => {
    tap = await startStripeTap();
    stripeApp = await startTestApp(stripeEnv(tap.url));
    selfHosted = await startTestApp();
  });
  afterAll(async () => {
    await stripeApp.close();
    await selfHosted.close();
    await tap.close();
  });

  it('opens Stripe Checkout with BILLING_MODE=stripe', async () => {
    const { client, email } = await signedUpClient(stripeApp);
    const res = await client.gql(CHECKOUT, {
      input: { planId: 'beginner', billingCycle: 'ANNUAL', customerEmail: email },
    });
    expect(res.body.data.createCheckoutSession).toEqual({
      sessionId: expect.stringMatching(/^cs_/),
      url: expect.stringMatching(/^https:\/\//),
    });
    const session = tap.to('POST', '/v1/checkout/sessions').at(-1)!.params;
    expect(session.success_url).toBe(`${stripeApp.url}/payment-confirmation?success=true&plan=beginner&billing=annual`);
  });

  it('applies the plan at once in self-hosted mode', async () => {
    const { client, email } = await signedUpClient(selfHosted);
    const res = await client.gql(CHECKOUT, {
      input: { planId: 'qa_chatbot', billingCycle: 'MONTHLY', customerEmail: email },
    });
    expect(res.body.data.createCheckoutSession).toEqual({
      sessionId: null,
      url: '/payment-confirmation?success=true&plan=qa_chatbot&billing=monthly',
    });
    const me = await client.gql('{ me { plan { id } hasValidAccess usage { uploadLimit } } }');
    expect(me.body.data.me).toEqual({ plan: { id: 'qa_chatbot' }, hasValidAccess: true, usage: { uploadLimit: 1 } });
  });

  it('refuses bad input with the REST wording and code', async () => {
    const { client } = await signedUpClient(stripeApp);
    const res = await client.gql(CHECKOUT, {
      input: { planId: 'pro', billingCycle: 'MONTHLY', customerEmail: ' ' },
    });
    expect(firstError(res)).toEqual({
      message: 'Please enter an email address',
      code: 'BAD_USER_INPUT',
      field: 'customerEmail',
    });
  });

  it('needs a signed-in caller', async () => {
    const res = await new HttpClient(stripeApp.url).gql(CHECKOUT, {
      input: { planId: 'pro', billingCycle: 'MONTHLY', customerEmail: 'x@example.com' },
    });
    expect(firstError(res)?.code).toBe('UNAUTHENTICATED');
  });
});
