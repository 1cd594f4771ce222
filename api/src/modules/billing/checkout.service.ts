import Stripe from 'stripe';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config/config';
import type { AccountService } from '../accounts';
import type { User } from '../../kernel/entities/user.entity';
import { DomainError, badInput } from '../../kernel/errors';
import { parseInput } from '../../kernel/validation';
import type { BillingCycle, PlanDefinition, PlanService } from '../plans';
import { lookupKeyOf } from './billing.catalogue';
import { CHECKOUT_MESSAGES, checkoutSchema, type CheckoutInput } from './checkout.schema';
import { hasLiveSubscription } from '../../kernel/subscription-state';

/** What the web app does next: send the browser to `url` (Stripe's hosted page, or the confirmation). */
export interface CheckoutResult {
  /** The checkout's id at Stripe (the contract's `sessionId`); null in self-hosted mode, where nothing is paid. */
  sessionId: string | null;
  url: string;
}

/** Buying a plan: Stripe Checkout with BILLING_MODE=stripe, the plan applied at once when self-hosted. */
export class CheckoutService {
  constructor(
    private readonly em: EntityManager,
    private readonly config: Config,
    private readonly plans: PlanService,
    private readonly accounts: AccountService,
    private readonly stripe: Stripe | undefined,
  ) {}

  /**
   * `origin` is where the request came from, used for Stripe's return pages when PUBLIC_URL is
   * unset. Every refusal happens before anything is created in Stripe or changed here.
   */
  async start(user: User, raw: CheckoutInput, origin?: string): Promise<CheckoutResult> {
    const { plan, cycle } = this.validate(user, raw);
    const confirmation = `/payment-confirmation?success=true&plan=${plan.id}&billing=${cycle}`;
    if (!this.stripe) {
      await this.accounts.choosePlan(user, { planId: plan.id, billingCycle: cycle });
      return { sessionId: null, url: confirmation };
    }
    if (hasLiveSubscription(user)) throw new DomainError('CONFLICT', CHECKOUT_MESSAGES.alreadySubscribed);
    const base = this.baseUrl(origin);
    const checkout = await this.provider(async (stripe) => {
      const price = await this.price(stripe, plan, cycle);
      const metadata = { userId: user.id, planId: plan.id, billingCycle: cycle };
      return stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: await this.customer(stripe, user),
        client_reference_id: user.id,
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: base + confirmation,
        cancel_url: `${base}/plan-select?canceled=true`,
        metadata,
        subscription_data: { metadata },
      });
    });
    if (!checkout.url) throw this.failed(new Error(`checkout ${checkout.id} came back without a url`));
    return { sessionId: checkout.id, url: checkout.url };
  }

  private validate(user: User, raw: CheckoutInput): { plan: PlanDefinition; cycle: BillingCycle } {
    const input = parseInput(checkoutSchema, raw);
    const plan = this.plans.get(input.planId);
    if (!plan.paid) throw badInput(CHECKOUT_MESSAGES.freeNeedsNoCheckout, 'planId');
    if (input.billingCycle === 'annual' && plan.annualPrice === null) {
      throw badInput(`${plan.name} is billed monthly only`, 'billingCycle');
    }
    // The payment is for the signed-in account, never for another address.
    if (input.customerEmail !== user.email) throw badInput(CHECKOUT_MESSAGES.notYourEmail, 'customerEmail');
    return { plan, cycle: input.billingCycle };
  }

  /** The account's one Customer: created at its first checkout, reused after. */
  private async customer(stripe: Stripe, user: User): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customer = await stripe.customers.create(
      { email: user.email, name: `${user.firstName} ${user.lastName}`, metadata: { userId: user.id } },
      // Two checkouts at once get the same Customer back rather than two of them.
      { idempotencyKey: `questlog-customer-${user.id}` },
    );
    user.stripeCustomerId = customer.id;
    await this.em.flush();
    return customer.id;
  }

  private async price(stripe: Stripe, plan: PlanDefinition, cycle: BillingCycle): Promise<Stripe.Price> {
    const key = lookupKeyOf(plan.id, cycle);
    const { data } = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
    if (!data[0]) throw new Error(`no active Stripe price has the lookup key ${key}: run npm run stripe:sync`);
    return data[0];
  }

  private baseUrl(origin: string | undefined): string {
    const base = this.config.PUBLIC_URL ?? origin;
    if (!base) throw this.failed(new Error('no PUBLIC_URL and no request origin for the return pages'));
    return base.replace(/\/+$/, '');
  }

  /** Stripe's own failures are the operator's to read; the buyer gets the spec's one message. */
  private async provider<T>(work: (stripe: Stripe) => Promise<T>): Promise<T> {
    try {
      return await work(this.stripe!);
    } catch (err) {
      if (err instanceof DomainError) throw err;
      throw this.failed(err);
    }
  }

  private failed(cause: unknown): DomainError {
    const detail = cause instanceof Stripe.errors.StripeError ? `${cause.type}: ${cause.message}` : String(cause);
    console.error(`${CHECKOUT_MESSAGES.failed}: ${detail}`);
    return new DomainError('UNAVAILABLE', CHECKOUT_MESSAGES.failed);
  }
}

/** The origin a request was made to (behind TRUST_PROXY proxies, the one the browser used). */
export function requestOrigin(req?: { protocol: string; get(name: string): string | undefined }): string | undefined {
  const host = req?.get('host');
  return req && host ? `${req.protocol}://${host}` : undefined;
}
