import { z } from 'zod';
import { PLAN_IDS } from '../plans';

// The billing calls (billing.routes.ts); the ids are the documented contract's (docs/billing-contract.md).

export const CheckoutBody = z
  .strictObject({
    planId: z.enum(PLAN_IDS.filter((id) => id !== 'free') as [string, ...string[]]),
    billingCycle: z.enum(['monthly', 'annual']),
    customerEmail: z.string().meta({ description: "The signed-in account's e-mail address" }),
  })
  .meta({ id: 'CheckoutBody' });

export const CheckoutCreated = z
  .strictObject({
    sessionId: z.string().nullable().meta({ description: 'Stripe Checkout Session id; null in self-hosted mode' }),
    url: z
      .string()
      .meta({ description: "Stripe's hosted checkout page, or the payment confirmation page when self-hosted" }),
  })
  .meta({ id: 'CheckoutSession' });

/** Only documented: the route reads the raw bytes, which the signature covers. */
export const StripeEventBody = z
  .looseObject({
    id: z.string(),
    object: z.literal('event').optional(),
    type: z.string(),
    created: z.int().optional(),
    data: z.looseObject({}).optional(),
  })
  .meta({
    id: 'StripeEventBody',
    description: 'A Stripe event exactly as Stripe sends it (the signature covers these bytes)',
  });

export const Received = z.strictObject({ received: z.literal(true) }).meta({ id: 'Received' });
