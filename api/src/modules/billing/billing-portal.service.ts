import Stripe from 'stripe';
import type { Config } from '../../config/config';
import type { User } from '../../kernel/entities/user.entity';
import { DomainError } from '../../kernel/errors';

export const PORTAL_MESSAGES = {
  disabled: 'Stripe billing is not enabled',
  notSubscriber: 'Manage Subscription is for accounts with a subscription',
  failed: 'Failed to open the billing portal',
} as const;

/** 'Manage Subscription' (docs/product.md#routes): a Stripe Billing Portal session for the account's Customer. */
export class BillingPortalService {
  constructor(
    private readonly config: Config,
    private readonly stripe: Stripe | undefined,
  ) {}

  /**
   * The portal's one-time URL; it sends the subscriber back to /profile. What the portal offers
   * (plan changes, cancellation at period end, cards, invoices) is set in the Stripe Dashboard.
   */
  async open(user: User, origin?: string): Promise<{ url: string }> {
    if (!this.stripe) throw new DomainError('NOT_FOUND', PORTAL_MESSAGES.disabled);
    // An ended subscription still has invoices to look at; an account that never subscribed has nothing.
    if (!user.stripeCustomerId || !user.stripeSubscriptionId) {
      throw new DomainError('FORBIDDEN', PORTAL_MESSAGES.notSubscriber);
    }
    const base = (this.config.PUBLIC_URL ?? origin)?.replace(/\/+$/, '');
    try {
      if (!base) throw new Error('no PUBLIC_URL and no request origin for the return page');
      const session = await this.stripe.billingPortal.sessions.create({
        customer: user.stripeCustomerId,
        return_url: `${base}/profile`,
      });
      return { url: session.url };
    } catch (err) {
      const detail = err instanceof Stripe.errors.StripeError ? `${err.type}: ${err.message}` : String(err);
      console.error(`${PORTAL_MESSAGES.failed}: ${detail}`);
      throw new DomainError('UNAVAILABLE', PORTAL_MESSAGES.failed);
    }
  }
}
