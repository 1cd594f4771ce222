import { Migration } from '@mikro-orm/migrations';

/**
 * Counters of the public rate limits other than logins (newsletter sign-ups per IP), shared by
 * every api instance, in the layout rate-limiter-flexible's RateLimiterPostgres expects.
 */
export class Migration20261125010000_rate_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "rate_limits" (
      "key" varchar(255) not null primary key,
      "points" integer not null default 0,
      "expire" bigint null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "rate_limits";`);
  }
}
