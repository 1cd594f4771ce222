import { Entity, Enum, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from '../common/base.entity';
import type { BillingCycle, PlanId } from '../plans/plan.catalogue';

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

  /** Set when the paid plan is billed through Stripe (not in self-hosted mode). */
  @Property({ type: 'string', nullable: true })
  stripeSubscriptionId?: string | null;
}
