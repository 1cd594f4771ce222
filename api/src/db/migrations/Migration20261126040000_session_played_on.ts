import { Migration } from '@mikro-orm/migrations';

/**
 * The day a session was played, which is often not the day it was uploaded. Nullable: sessions
 * from before it (and any created without one) show their upload day instead.
 */
export class Migration20261126040000_session_played_on extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "sessions" add column "played_on" date null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop column "played_on";`);
  }
}
