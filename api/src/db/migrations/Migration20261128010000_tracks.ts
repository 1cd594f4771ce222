import { Migration } from '@mikro-orm/migrations';

/** Multi-track uploads (issue 13): a session's tracks, and the speaker each chunk was cut for. */
export class Migration20261128010000_tracks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "sessions" add column "tracks" jsonb null;`);
    this.addSql(`alter table "session_chunks" add column "speaker" varchar(200) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "session_chunks" drop column "speaker";`);
    this.addSql(`alter table "sessions" drop column "tracks";`);
  }
}
