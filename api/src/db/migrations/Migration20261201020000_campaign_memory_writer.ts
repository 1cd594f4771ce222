import { Migration } from '@mikro-orm/migrations';

/**
 * The open threads the offline rules find, kept at rebuild time like the entries (a read no longer
 * reads the whole campaign's lines), and what a language model writes of a campaign's memory (issue 15), when one is configured. Each text
 * remembers what it was written from (`written_for`, a hash of its evidence): a read uses it only
 * while that is still the evidence, so a line marked GM-only or edited since falls back to the
 * offline text at once instead of showing what the model read before.
 */
export class Migration20261201020000_campaign_memory_writer extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "campaign_index_entries"
      add column "evidence" text[] not null default '{}',
      add column "evidence_hash" text not null default '',
      add column "written_description" text null,
      add column "written_for" text null;`);
    this.addSql(`create table "campaign_index_threads" (
      "campaign_id" uuid not null references "campaigns" ("id") on update cascade on delete cascade,
      "position" int not null,
      "kind" text not null,
      "text" text not null,
      "segment_id" uuid not null references "transcript_segments" ("id") on update cascade on delete cascade,
      constraint "campaign_index_threads_pkey" primary key ("campaign_id", "position"));`);
    this.addSql(`create table "campaign_written_threads" (
      "campaign_id" uuid not null references "campaigns" ("id") on update cascade on delete cascade,
      "written_for" text not null,
      "threads" jsonb not null,
      "written_at" timestamptz not null default now(),
      constraint "campaign_written_threads_pkey" primary key ("campaign_id"));`);
    // Existing indexes are rebuilt at their next read, which stores their threads.
    this.addSql(`update "campaigns" set "index_changes" = "index_changes" + 1;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "campaign_written_threads";`);
    this.addSql(`drop table "campaign_index_threads";`);
    this.addSql(`alter table "campaign_index_entries" drop column "evidence", drop column "evidence_hash",
      drop column "written_description", drop column "written_for";`);
  }
}
