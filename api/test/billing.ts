import { readRuntime } from './runtime-file';

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

/** The seven (plan, cycle) pairs of spec section 9 that can be bought. */
export const BUYABLE: Array<[string, 'monthly' | 'annual']> = [
  ['qa_chatbot', 'monthly'],
  ['beginner', 'monthly'],
  ['beginner', 'annual'],
  ['standard', 'monthly'],
  ['standard', 'annual'],
  ['pro', 'monthly'],
  ['pro', 'annual'],
];
