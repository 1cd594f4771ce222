import { Migration } from '@mikro-orm/migrations';

/** A session's recap as scenes, each sentence with its source lines (issue 46). */
export class Migration20261206000000_session_recap extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "sessions" add column "recap" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop column "recap";`);
  }
}
