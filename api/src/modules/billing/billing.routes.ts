import express, { type Router } from 'express';
import { requestOrigin } from './checkout.service';
import { requireUser } from '../../policy/policy';
import type { z } from 'zod';
import { bodyFields } from '../../rest/payload';
import { CheckoutBody, type CheckoutCreated } from './billing.schemas';

/** The billing REST shim of docs/product.md#rest-endpoints. */
export function billingRoutes(router: Router): void {
  // The web app then sends the browser to `url` (Stripe's hosted page, or the confirmation when self-hosted).
  router.post('/api/create_checkout_session/', async (req, res) => {
    const user = requireUser(req.viewer);
    const { planId, billingCycle, customerEmail } = bodyFields(req, CheckoutBody);
    const result = await req.services.checkout.start(user, { planId, billingCycle, customerEmail }, requestOrigin(req));
    res.json({ sessionId: result.sessionId, url: result.url } satisfies z.infer<typeof CheckoutCreated>);
  });
}

/** Stripe's events; mounted before the JSON parser, because the signature covers the exact bytes sent. */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * No session and no CSRF token here: Stripe is the caller, and the signature (checked with
 * STRIPE_WEBHOOK_SECRET) is what proves it. 2xx tells Stripe to stop retrying; any failure makes it retry.
 */
export function stripeWebhookRoute(router: Router): void {
  router.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const payload = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await req.services.stripeWebhooks.receive(payload, req.get('stripe-signature'));
    res.json({ received: true });
  });
}
