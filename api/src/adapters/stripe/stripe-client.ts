import Stripe from 'stripe';

export interface StripeClientOptions {
  secretKey: string;
  /** Another API host (stripe-mock in tests), as a URL; unset = api.stripe.com. */
  apiBase?: string;
}

/**
 * Webhook payloads take the API version of the endpoint that sends them, and this code reads
 * their fields; pinning the version the library was written for makes an upgrade a deliberate change.
 */
export const STRIPE_API_VERSION = Stripe.API_VERSION;

/** The official client, optionally pointed at another host (the library takes host, port and protocol). */
export function createStripeClient(options: StripeClientOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  return new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // Retries reuse one idempotency key, so a retried create never makes a second object.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Questlog' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
