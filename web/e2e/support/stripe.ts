import { expect, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import Stripe from 'stripe';

/** The ports and secret e2e/serve.sh gives stripe-mock and the api in E2E_BILLING_MODE=stripe. */
export const STRIPE_MOCK_PORT = Number(process.env.E2E_STRIPE_MOCK_PORT ?? 29175);
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 29171);
const WEBHOOK_SECRET = 'whsec_e2e';

/**
 * The Stripe Customer the api created for `email` at checkout. stripe-mock is stateless and makes
 * up a new id per call, so only the api's own database knows it (as only Stripe would, for real).
 */
export async function stripeCustomerOf(email: string): Promise<{ userId: string; customerId: string }> {
  const client = new pg.Client({
    connectionString: `postgresql://questlog:questlog-embedded@127.0.0.1:${PG_PORT}/questlog`,
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; stripe_customer_id: string | null }>(
      'select id, stripe_customer_id from users where email = $1',
      [email],
    );
    expect(rows[0]?.stripe_customer_id, `no Stripe Customer for ${email}`).toBeTruthy();
    return { userId: rows[0].id, customerId: rows[0].stripe_customer_id! };
  } finally {
    await client.end();
  }
}

/** Delivers an event as Stripe does: the raw JSON, signed with the endpoint's secret. */
export async function postStripeEvent(request: APIRequestContext, type: string, object: object): Promise<void> {
  const event = {
    id: `evt_e2e_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
  };
  const payload = JSON.stringify(event);
  const response = await request.post('/api/stripe/webhook', {
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    data: payload,
  });
  expect(response.status(), await response.text()).toBe(200);
}
