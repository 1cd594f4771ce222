import { Migration } from '@mikro-orm/migrations';

/**
 * Recording in the browser (issue 12): a recording per session being recorded, its segments (one
 * MediaRecorder stream each; a resumed recording starts a new one) and the numbered parts that
 * arrived, so a client that lost its connection resumes from the first missing part.
 */
export class Migration20261126120000_recordings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "recordings" (
      "session_id" uuid not null primary key references "sessions" ("id") on update cascade on delete cascade,
      "state" text check ("state" in ('RECORDING', 'FINISHING', 'FINISHED')) not null default 'RECORDING',
      "mime_type" varchar(255) not null,
      "created_at" timestamptz not null default now(),
      "last_part_at" timestamptz null);`);
    this.addSql(`create index "recordings_state_index" on "recordings" ("state");`);
    this.addSql(`create table "recording_segments" (
      "recording_session_id" uuid not null references "recordings" ("session_id") on update cascade on delete cascade,
      "index" int not null,
      "cut_ms" int not null default 0,
      "duration_ms" int null,
      primary key ("recording_session_id", "index"));`);
    this.addSql(`create table "recording_parts" (
      "recording_session_id" uuid not null references "recordings" ("session_id") on update cascade on delete cascade,
      "segment" int not null,
      "number" int not null,
      "size_bytes" bigint not null,
      "storage_key" varchar(255) not null,
      "created_at" timestamptz not null default now(),
      primary key ("recording_session_id", "segment", "number"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "recording_parts";`);
    this.addSql(`drop table "recording_segments";`);
    this.addSql(`drop table "recordings";`);
  }
}
