import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions imported from a transcript file (WebVTT, SubRip, plain text) rather than recorded:
 * `imported_from` names the format, and tells the pipeline there is no audio to transcribe.
 */
export class Migration20261130010000_session_import extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "sessions" add column "imported_from" varchar(8) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop column "imported_from";`);
  }
}
