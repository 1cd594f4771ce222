import { Migration } from '@mikro-orm/migrations';

/**
 * Login attempt counters (shared by every api instance) in the layout rate-limiter-flexible's
 * RateLimiterPostgres expects, and one ledger line per (session, reason) so retried charges and
 * refunds are not counted twice.
 */
export class Migration20261122010000_login_attempts_usage_idempotency extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "login_attempts" (
      "key" varchar(255) not null primary key,
      "points" integer not null default 0,
      "expire" bigint null);`);
    this.addSql(`create unique index "usage_records_session_id_reason_unique"
      on "usage_records" ("session_id", "reason") where "session_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "usage_records_session_id_reason_unique";`);
    this.addSql(`drop table "login_attempts";`);
  }
}
