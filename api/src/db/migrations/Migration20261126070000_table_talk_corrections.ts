import { Migration } from '@mikro-orm/migrations';

/**
 * The owner's table-talk corrections: a line flipped between in-game and table talk, kept per
 * campaign so the offline classifier learns that campaign's own kind of table talk. One row per line
 * (its latest label); the text stays when the line is deleted by a later edit, since what was
 * learned from it still holds.
 */
export class Migration20261126070000_table_talk_corrections extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "table_talk_corrections" (
      "id" uuid not null default gen_random_uuid() primary key,
      "campaign_id" uuid not null references "campaigns" ("id") on update cascade on delete cascade,
      "segment_id" uuid null references "transcript_segments" ("id") on update cascade on delete set null,
      "text" text not null,
      "table_talk" boolean not null,
      "corrected_at" timestamptz not null default now());`);
    this.addSql(
      `create unique index "table_talk_corrections_segment_id_unique" on "table_talk_corrections" ("segment_id");`,
    );
    this.addSql(
      `create index "table_talk_corrections_campaign_id_corrected_at_index" on "table_talk_corrections" ("campaign_id", "corrected_at");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "table_talk_corrections";`);
  }
}
