import { Migration } from '@mikro-orm/migrations';

/** Marks campaign summaries the owner has written, which processing must then leave alone. */
export class Migration20261122100000_campaign_summary_edits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "campaign_summaries" add column "edited_by_owner" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "campaign_summaries" drop column "edited_by_owner";`);
  }
}
