import { Entity, Enum, Property, type Opt } from '@mikro-orm/core';
import type { BillingCycle, PlanId } from '@questlog/constants';
import { BaseEntity } from './base.entity';

@Entity({ tableName: 'users' })
export class User extends BaseEntity {
  /** Stored lower-cased; unique. */
  @Property({ type: 'string', unique: true })
  email!: string;

  @Property({ type: 'string', hidden: true, lazy: true })
  passwordHash!: string;

  @Property({ type: 'string' })
  firstName!: string;

  @Property({ type: 'string' })
  lastName!: string;

  @Property({ type: 'string', nullable: true })
  preferredName?: string | null;

  @Property({ type: 'string' })
  languageCode: string & Opt = 'en';

  @Enum({ type: 'string', items: ['free', 'qa_chatbot', 'beginner', 'standard', 'pro'] })
  planId: PlanId & Opt = 'free';

  @Enum({ type: 'string', items: ['monthly', 'annual'], nullable: true })
  billingCycle?: BillingCycle | null;

  /** The account's one Stripe Customer, created at its first checkout and reused after. */
  @Property({ type: 'string', nullable: true, unique: true })
  stripeCustomerId?: string | null;

  // The Stripe subscription, as its webhooks report it (modules/billing/subscription-state.ts
  // decides what each event changes). Plan and billing cycle above follow it.

  /** The latest subscription, kept after it ends so its late events are recognised as old. */
  @Property({ type: 'string', nullable: true })
  stripeSubscriptionId?: string | null;

  /** Stripe's status of that subscription: active, past_due, canceled, … */
  @Property({ type: 'string', length: 32, nullable: true })
  subscriptionStatus?: string | null;

  /** When that subscription was created: an event about an older one changes nothing. */
  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  subscriptionStartedAt?: Date | null;

  /** The paid period now running; audio hours are counted from its start. */
  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  billingPeriodStart?: Date | null;

  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  billingPeriodEnd?: Date | null;

  /** Set when the subscriber cancelled: access lasts until then. */
  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  cancelAt?: Date | null;

  /** Creation time of the last subscription event applied; an older event changes nothing. */
  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  billingEventAt?: Date | null;

  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  paymentFailedAt?: Date | null;

  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  paymentSucceededAt?: Date | null;

  /** When a password reset last revoked the account's API tokens; cleared when a token is created again. */
  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  apiTokensRevokedAt?: Date | null;
}
