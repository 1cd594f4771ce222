import { Migration } from '@mikro-orm/migrations';

/**
 * Usage lines name their billing period: a calendar month ('2026-11') for Free and self-hosted
 * accounts, or a subscription period by its start instant ('2026-11-05T12:00:00.000Z').
 */
export class Migration20261124020000_usage_billing_periods extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "usage_records" alter column "period" type varchar(32);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "usage_records" alter column "period" type varchar(7) using left("period", 7);`);
  }
}
