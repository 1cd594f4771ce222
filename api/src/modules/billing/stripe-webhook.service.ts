import Stripe from 'stripe';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config/config';
import { User } from '../../kernel/entities/user.entity';
import { badInput, notFound } from '../../kernel/errors';
import type { PlanService } from '../plans';
import { cataloguePrices, type CataloguePrice } from './billing.catalogue';
import {
  idOf,
  invoicePeriod,
  invoiceSubscriptionId,
  opensPeriod,
  planOfMetadata,
  subscriptionSnapshot,
} from './stripe-event.reader';
import {
  applyCheckoutCompleted,
  applyInvoicePaid,
  applyPaymentFailed,
  applySubscription,
  type BillingChange,
} from '../../kernel/subscription-state';

export const WEBHOOK_MESSAGES = {
  disabled: 'Stripe billing is not enabled',
  badSignature: 'Invalid Stripe signature',
} as const;

/**
 * Stripe's webhooks (POST /api/stripe/webhook): verifies the signature on the raw body, then applies
 * each event once. The event id is stored in the same transaction as its effect, so a repeat is a
 * no-op and a failure leaves nothing behind for Stripe's retry to trip over.
 */
export class StripeWebhookService {
  private readonly prices: readonly CataloguePrice[];

  constructor(
    private readonly em: EntityManager,
    private readonly config: Config,
    plans: PlanService,
    private readonly stripe: Stripe | undefined,
  ) {
    this.prices = cataloguePrices(plans.list());
  }

  async receive(payload: Buffer, signature: string | undefined): Promise<void> {
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (!this.stripe || !secret) throw notFound(WEBHOOK_MESSAGES.disabled);
    let event: Stripe.Event;
    try {
      // Also refuses a signature older than the library's tolerance (5 minutes): no replays.
      event = this.stripe.webhooks.constructEvent(payload, signature ?? '', secret);
    } catch {
      throw badInput(WEBHOOK_MESSAGES.badSignature);
    }
    await this.em.transactional(async (em) => {
      if (await this.firstDelivery(em, event)) await this.apply(em, event);
    });
  }

  private async firstDelivery(em: EntityManager, event: Stripe.Event): Promise<boolean> {
    const rows = await em.execute<Array<{ id: string }>>(
      `insert into stripe_events (id, type, created_at, received_at) values (?, ?, ?, now())
       on conflict (id) do nothing returning id`,
      [event.id, event.type, new Date(event.created * 1000)],
    );
    return rows.length === 1;
  }

  private async apply(em: EntityManager, event: Stripe.Event): Promise<void> {
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const plan = planOfMetadata(this.prices, session.metadata);
        const subscriptionId = idOf(session.subscription);
        // Asynchronous payment methods complete unpaid; their subscription events decide.
        if (session.mode !== 'subscription' || session.payment_status === 'unpaid' || !plan || !subscriptionId) return;
        return this.change(em, session.customer, (user) => applyCheckoutCompleted(user, { subscriptionId, plan, at }));
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        const snapshot = subscriptionSnapshot(this.prices, sub);
        return this.change(em, sub.customer, (user) => applySubscription(user, snapshot, at));
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        const subscriptionId = invoiceSubscriptionId(invoice);
        if (!subscriptionId) return;
        const { start, end } = invoicePeriod(invoice);
        return this.change(em, invoice.customer, (user) =>
          applyInvoicePaid(user, {
            subscriptionId,
            at,
            renewal: opensPeriod(invoice),
            periodStart: start,
            periodEnd: end,
          }),
        );
      }
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subscriptionId = invoiceSubscriptionId(invoice);
        if (!subscriptionId) return;
        return this.change(em, invoice.customer, (user) => applyPaymentFailed(user, { subscriptionId, at }));
      }
    }
  }

  /** Applies a rule to the customer's account, holding its row so concurrent events take turns. */
  private async change(
    em: EntityManager,
    customer: string | { id: string } | null,
    rule: (user: User) => BillingChange | null,
  ): Promise<void> {
    const customerId = idOf(customer);
    if (!customerId) return;
    const user = await em.findOne(User, { stripeCustomerId: customerId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    // A customer this app did not create (another product on the same Stripe account) is not ours.
    if (!user) return;
    const change = rule(user);
    if (change) em.assign(user, change);
  }
}
