import { z } from 'zod';
import { emailSchema } from '../accounts';
import { PLAN_IDS } from '../plans';

/** Texts of the checkout refusals (docs/billing-contract.md); the web app shows them as they are. */
export const CHECKOUT_MESSAGES = {
  unknownPlan: 'Unknown plan',
  badCycle: 'Billing cycle must be monthly or annual',
  freeNeedsNoCheckout: 'The Free / Viewer plan needs no payment',
  notYourEmail: 'Please use the e-mail address of your account',
  alreadySubscribed: 'You already have a subscription. Change it with Manage Subscription on your profile.',
  failed: 'Failed to create checkout session',
} as const;

/** The spec's payload (section 7): planId, billingCycle, customerEmail. */
export const checkoutSchema = z.object({
  planId: z.enum(PLAN_IDS as [string, ...string[]], { error: CHECKOUT_MESSAGES.unknownPlan }),
  billingCycle: z.enum(['monthly', 'annual'], { error: CHECKOUT_MESSAGES.badCycle }),
  customerEmail: emailSchema,
});

export type CheckoutInput = { planId: unknown; billingCycle: unknown; customerEmail: unknown };
