import { Migration } from '@mikro-orm/migrations';

/**
 * A session may be charged again after a refund (a retried processing run), so the ledger can no
 * longer hold one line per (session, reason); UsageService keeps retries idempotent by the net
 * outstanding charge under a per-session lock instead.
 */
export class Migration20261122090000_usage_per_attempt extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "usage_records_session_id_reason_unique";`);
    this.addSql(
      `create index "usage_records_session_id_index" on "usage_records" ("session_id") where "session_id" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "usage_records_session_id_index";`);
    this.addSql(`create unique index "usage_records_session_id_reason_unique"
      on "usage_records" ("session_id", "reason") where "session_id" is not null;`);
  }
}
