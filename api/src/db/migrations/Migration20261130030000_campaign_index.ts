import { Migration } from '@mikro-orm/migrations';

/**
 * The campaign index (issue 15): entries and their mentions, rebuilt from the transcripts, and the
 * owner's edits, kept by the name they were made to so they survive every rebuild. Whatever changes
 * what the index is built from (lines, sessions, the vocabulary, the cast) counts a change on the
 * campaign; the index is current while `index_built` equals `index_changes`.
 */
export class Migration20261130030000_campaign_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "campaigns"
      add column "index_changes" bigint not null default 1,
      add column "index_built" bigint not null default 0;`);
    this.addSql(`create table "campaign_index_entries" (
      "id" uuid not null default gen_random_uuid(),
      "campaign_id" uuid not null references "campaigns" ("id") on update cascade on delete cascade,
      "key" text not null,
      "name" text not null,
      "kind" text not null,
      "description" text not null default '',
      "variants" text[] not null default '{}',
      "first_session_id" uuid null references "sessions" ("id") on delete set null,
      "last_session_id" uuid null references "sessions" ("id") on delete set null,
      "mention_count" int not null default 0,
      "position" int not null default 0,
      constraint "campaign_index_entries_pkey" primary key ("id"),
      constraint "campaign_index_entries_campaign_id_key_unique" unique ("campaign_id", "key"));`);
    this.addSql(`create table "campaign_index_mentions" (
      "entry_id" uuid not null references "campaign_index_entries" ("id") on delete cascade,
      "segment_id" uuid not null references "transcript_segments" ("id") on delete cascade,
      "start_char" int not null,
      "end_char" int not null,
      constraint "campaign_index_mentions_pkey" primary key ("entry_id", "segment_id", "start_char"));`);
    this.addSql(`create index "campaign_index_mentions_segment_id_index" on "campaign_index_mentions" ("segment_id");`);
    this.addSql(`create table "campaign_index_edits" (
      "campaign_id" uuid not null references "campaigns" ("id") on update cascade on delete cascade,
      "key" text not null,
      "name" varchar(120) null,
      "kind" text null,
      "hidden" boolean not null default false,
      "gm_only" boolean not null default false,
      "notes" text not null default '',
      "merged_into" text null,
      "updated_at" timestamptz not null default now(),
      constraint "campaign_index_edits_pkey" primary key ("campaign_id", "key"));`);

    // Lines: one count per statement (a session's thousands of lines are one insert).
    this.addSql(`create function "campaign_index_lines_changed"() returns trigger language plpgsql as $$
      begin
        update campaigns c set index_changes = index_changes + 1
        where c.id in (select s.campaign_id from sessions s where s.id in (select session_id from changed));
        return null;
      end $$;`);
    this.addSql(`create trigger "campaign_index_lines_added" after insert on "transcript_segments"
      referencing new table as changed for each statement execute function "campaign_index_lines_changed"();`);
    this.addSql(`create trigger "campaign_index_lines_removed" after delete on "transcript_segments"
      referencing old table as changed for each statement execute function "campaign_index_lines_changed"();`);
    this.addSql(`create trigger "campaign_index_lines_edited" after update on "transcript_segments"
      referencing new table as changed for each statement execute function "campaign_index_lines_changed"();`);

    // Sessions (deleted, moved, re-dated: the order of first and last mention) and the cast: few rows.
    this.addSql(`create function "campaign_index_campaign_changed"() returns trigger language plpgsql as $$
      begin
        update campaigns set index_changes = index_changes + 1
        where id in (
          (case when tg_op <> 'INSERT' then old.campaign_id end),
          (case when tg_op <> 'DELETE' then new.campaign_id end));
        return null;
      end $$;`);
    this.addSql(`create trigger "campaign_index_session_changed" after delete or update of "campaign_id", "played_on"
      on "sessions" for each row execute function "campaign_index_campaign_changed"();`);
    this.addSql(`create trigger "campaign_index_cast_changed" after insert or delete or update
      on "campaign_speakers" for each row execute function "campaign_index_campaign_changed"();`);
    this.addSql(`create function "campaign_index_vocabulary_changed"() returns trigger language plpgsql as $$
      begin
        if new.vocabulary is distinct from old.vocabulary then new.index_changes := old.index_changes + 1; end if;
        return new;
      end $$;`);
    this.addSql(`create trigger "campaign_index_vocabulary_changed" before update of "vocabulary"
      on "campaigns" for each row execute function "campaign_index_vocabulary_changed"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "campaign_index_vocabulary_changed" on "campaigns";`);
    this.addSql(`drop function "campaign_index_vocabulary_changed"();`);
    this.addSql(`drop trigger "campaign_index_cast_changed" on "campaign_speakers";`);
    this.addSql(`drop trigger "campaign_index_session_changed" on "sessions";`);
    this.addSql(`drop function "campaign_index_campaign_changed"();`);
    this.addSql(`drop trigger "campaign_index_lines_edited" on "transcript_segments";`);
    this.addSql(`drop trigger "campaign_index_lines_removed" on "transcript_segments";`);
    this.addSql(`drop trigger "campaign_index_lines_added" on "transcript_segments";`);
    this.addSql(`drop function "campaign_index_lines_changed"();`);
    this.addSql(`drop table "campaign_index_edits";`);
    this.addSql(`drop table "campaign_index_mentions";`);
    this.addSql(`drop table "campaign_index_entries";`);
    this.addSql(`alter table "campaigns" drop column "index_built", drop column "index_changes";`);
  }
}
