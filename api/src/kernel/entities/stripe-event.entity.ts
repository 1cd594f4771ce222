import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A Stripe event already applied: Stripe delivers at least once, so a second delivery is skipped. */
@Entity({ tableName: 'stripe_events' })
export class StripeEvent {
  /** Stripe's event id (evt_…). */
  @PrimaryKey({ type: 'string' })
  id!: string;

  @Property({ type: 'string' })
  type!: string;

  /** When Stripe created the event. */
  @Property({ type: 'Date', columnType: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'Date', columnType: 'timestamptz' })
  receivedAt!: Date;
}
