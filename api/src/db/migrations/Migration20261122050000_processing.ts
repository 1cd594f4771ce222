import { Migration } from '@mikro-orm/migrations';

/**
 * The processing pipeline's tables: per-chunk transcription results (so a finished chunk is never
 * transcribed again, whatever retries or crashes happen), the timestamped transcript segments with
 * their full-text vector, and the campaign's transcription vocabulary. pg_trgm serves lenient name
 * matching for Q&A ("Meepo" vs "Mepo"), which full-text stemming alone does not give.
 */
export class Migration20261122050000_processing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`alter table "campaigns" add column "vocabulary" text not null default '';`);

    this.addSql(`create table "session_chunks" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null, "updated_at" timestamptz not null,
      "session_id" uuid not null references "sessions" ("id") on update cascade on delete cascade,
      "index" int not null,
      "start_ms" int not null,
      "duration_ms" int not null,
      "storage_key" varchar(255) not null,
      "done" boolean not null default false,
      "text" text not null default '',
      "segments" jsonb not null default '[]',
      "words" jsonb not null default '[]',
      constraint "session_chunks_session_id_index_unique" unique ("session_id", "index"));`);

    this.addSql(`create table "transcript_segments" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null, "updated_at" timestamptz not null,
      "session_id" uuid not null references "sessions" ("id") on update cascade on delete cascade,
      "position" int not null,
      "start_ms" int not null,
      "end_ms" int not null,
      "speaker" varchar(255) null,
      "text" text not null,
      "table_talk" boolean not null default false,
      "search_vector" tsvector null,
      constraint "transcript_segments_session_id_position_unique" unique ("session_id", "position"));`);
    this.addSql(
      `create index "transcript_segments_search_vector_index" on "transcript_segments" using gin ("search_vector");`,
    );
    this.addSql(
      `create index "transcript_segments_text_trgm_index" on "transcript_segments" using gin ("text" gin_trgm_ops);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "transcript_segments";`);
    this.addSql(`drop table "session_chunks";`);
    this.addSql(`alter table "campaigns" drop column "vocabulary";`);
  }
}
