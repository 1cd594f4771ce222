import { Migration } from '@mikro-orm/migrations';

/** Which of a session's summaries the owner rewrote, so regenerating them keeps the owner's text. */
export class Migration20261126130000_session_summary_edits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "sessions" add column "edited_summaries" text[] not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop column "edited_summaries";`);
  }
}
