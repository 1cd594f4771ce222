import { Migration } from '@mikro-orm/migrations';

/**
 * The account's Stripe subscription as the webhooks report it, and the ids of the events already
 * applied (Stripe delivers at least once, so a repeat must change nothing).
 */
export class Migration20261124010000_stripe_subscriptions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users"
      add column "subscription_status" varchar(32) null,
      add column "subscription_started_at" timestamptz null,
      add column "billing_period_start" timestamptz null,
      add column "billing_period_end" timestamptz null,
      add column "cancel_at" timestamptz null,
      add column "billing_event_at" timestamptz null,
      add column "payment_failed_at" timestamptz null,
      add column "payment_succeeded_at" timestamptz null;`);
    this.addSql(`create table "stripe_events" (
      "id" varchar(255) not null primary key,
      "type" varchar(255) not null,
      "created_at" timestamptz not null,
      "received_at" timestamptz not null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "stripe_events";`);
    this.addSql(`alter table "users"
      drop column "subscription_status", drop column "subscription_started_at",
      drop column "billing_period_start", drop column "billing_period_end", drop column "cancel_at",
      drop column "billing_event_at", drop column "payment_failed_at", drop column "payment_succeeded_at";`);
  }
}
