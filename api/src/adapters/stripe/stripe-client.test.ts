import Stripe from 'stripe';
import { readRuntime } from '../../../test/runtime-file';
import { createStripeClient } from './stripe-client';

describe('createStripeClient against stripe-mock (started by the test harness)', () => {
  const stripe = () => createStripeClient({ secretKey: 'sk_test_questlog', apiBase: readRuntime().stripeApiBase });

  it('talks to the host of STRIPE_API_BASE', async () => {
    const customer = await stripe().customers.create({ email: 'ada@example.com' });
    expect(customer.id).toMatch(/^cus_/);
  });

  it('gets requests that break the API description refused, as Stripe would', async () => {
    const params = { mode: 'subscription', not_a_parameter: true } as unknown as Stripe.Checkout.SessionCreateParams;
    await expect(stripe().checkout.sessions.create(params)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });
});
