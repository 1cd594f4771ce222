import Stripe from 'stripe';
import { signedUpClient } from './accounts';
import { startTestApp, type TestApp } from './app';
import { HttpClient } from './http-client';
import { readRuntime } from './runtime-file';
import { startStripeTap, type StripeTap } from './stripe-tap';

export const STRIPE_SECRET_KEY = 'sk_test_questlog';
export const WEBHOOK_SECRET = 'whsec_questlog_test';

/** The settings of an app that bills through Stripe, here stripe-mock (or a tap in front of it). */
export function stripeEnv(apiBase = readRuntime().stripeApiBase): Record<string, string> {
  return {
    BILLING_MODE: 'stripe',
    STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: apiBase,
  };
}

/** The seven (plan, cycle) pairs of docs/product.md#plans-and-limits that can be bought. */
export const BUYABLE: Array<[string, 'monthly' | 'annual']> = [
  ['qa_chatbot', 'monthly'],
  ['beginner', 'monthly'],
  ['beginner', 'annual'],
  ['standard', 'monthly'],
  ['standard', 'annual'],
  ['pro', 'monthly'],
  ['pro', 'annual'],
];

let serial = 0;
const nextId = (prefix: string) => `${prefix}_test${Date.now().toString(36)}${(++serial).toString(36)}`;

/** Seconds since the epoch, as Stripe writes times. */
export const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** A Stripe event around `object`, shaped as Stripe sends it (API version of the app's client). */
export function stripeEvent(type: string, object: Record<string, unknown>, created: Date, id = nextId('evt')) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: unix(created),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export interface SubscriptionFields {
  id: string;
  customer: string;
  lookupKey: string | null;
  status?: string;
  created: Date;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
}

/** A Subscription object with one item (current periods live on items since API 2025-03-31). */
export function subscription(f: SubscriptionFields) {
  const interval = f.lookupKey?.endsWith('_annual') ? 'year' : 'month';
  return {
    id: f.id,
    object: 'subscription',
    customer: f.customer,
    status: f.status ?? 'active',
    created: unix(f.created),
    cancel_at: f.cancelAtPeriodEnd ? unix(f.periodEnd) : null,
    cancel_at_period_end: f.cancelAtPeriodEnd ?? false,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: nextId('si'),
          object: 'subscription_item',
          current_period_start: unix(f.periodStart),
          current_period_end: unix(f.periodEnd),
          price: {
            id: nextId('price'),
            object: 'price',
            lookup_key: f.lookupKey,
            metadata: {},
            recurring: { interval },
          },
        },
      ],
    },
  };
}

/** An Invoice of a subscription; `billingReason` subscription_cycle is a renewal. */
export function invoice(f: {
  customer: string;
  subscription: string;
  billingReason: string;
  periodStart: Date;
  periodEnd: Date;
}) {
  return {
    id: nextId('in'),
    object: 'invoice',
    customer: f.customer,
    billing_reason: f.billingReason,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: f.subscription, metadata: {} },
    },
    lines: {
      object: 'list',
      data: [{ id: nextId('il'), object: 'line_item', period: { start: unix(f.periodStart), end: unix(f.periodEnd) } }],
    },
  };
}

/** A completed Checkout Session as this app creates them (metadata planId and billingCycle). */
export function completedCheckout(f: {
  customer: string;
  subscription: string;
  userId: string;
  planId: string;
  cycle: string;
}) {
  return {
    id: nextId('cs'),
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    customer: f.customer,
    subscription: f.subscription,
    client_reference_id: f.userId,
    metadata: { userId: f.userId, planId: f.planId, billingCycle: f.cycle },
  };
}

/** POSTs an event to the running app as Stripe does: raw JSON, signed with the endpoint's secret. */
export function postStripeEvent(
  app: { url: string },
  event: object,
  opts: { secret?: string; timestamp?: Date; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    opts.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: opts.secret ?? WEBHOOK_SECRET,
          ...(opts.timestamp ? { timestamp: unix(opts.timestamp) } : {}),
        })
      : opts.signature;
  return new HttpClient(app.url).request('POST', '/api/stripe/webhook', {
    body: payload,
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    csrf: false,
  });
}

/** A signed-in account that went through checkout once, so it has its Stripe Customer (no plan yet). */
export async function stripeCustomer(app: TestApp) {
  const { client, email } = await signedUpClient(app);
  const res = await client.post('/api/create_checkout_session/', {
    planId: 'beginner',
    billingCycle: 'monthly',
    customerEmail: email,
  });
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  const [row] = await app.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ id: string; stripe_customer_id: string }>>(
      'select id, stripe_customer_id from users where email = ?',
      [email],
    );
  return { client, email, userId: row.id, customerId: row.stripe_customer_id };
}

/** The app in Stripe mode with its calls to stripe-mock recorded; `close` stops both. */
export async function startStripeApp(): Promise<{ app: TestApp; tap: StripeTap; close(): Promise<void> }> {
  const tap = await startStripeTap();
  const app = await startTestApp(stripeEnv(tap.url));
  return { app, tap, close: async () => void (await Promise.all([app.close(), tap.close()])) };
}
