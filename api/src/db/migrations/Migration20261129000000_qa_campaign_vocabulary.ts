import { Migration } from '@mikro-orm/migrations';

/**
 * Q&A at campaign scale (issue 14): what every question read by scanning is kept at write time.
 *
 * - `qa_campaign_lexemes`: a campaign's vocabulary, each lexeme with in how many in-game lines it
 *   occurs: the sum of its sessions' `qa_session_lexemes`, kept by triggers on that table, so idf
 *   and the trigram search read one row a lexeme instead of one a lexeme and session. Session
 *   rows carry their campaign, so a cascade (a session or campaign deleted) still finds whose
 *   counts to lower; a session moved to another campaign takes its rows along.
 * - `qa_session_lines`: each session's number of in-game lines (the N of idf), kept by statement
 *   triggers on every insert, delete and update of `transcript_segments`, as counting them did.
 * - `sessions.qa_summary_vector`: the summaries' tsvector (HTML stripped), stored, instead of
 *   `to_tsvector` over every candidate session's summaries per question.
 */
export class Migration20261129000000_qa_campaign_vocabulary extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "qa_session_lexemes" add column "campaign_id" uuid null
      references "campaigns" ("id") on update cascade on delete cascade;`);
    this.addSql(
      `update qa_session_lexemes v set campaign_id = s.campaign_id from sessions s where s.id = v.session_id;`,
    );
    this.addSql(`alter table "qa_session_lexemes" alter column "campaign_id" set not null;`);
    this.addSql(`create or replace function "qa_refresh_session_lexemes"() returns trigger language plpgsql as $$
      begin
        delete from qa_session_lexemes where session_id in (select distinct session_id from changed);
        insert into qa_session_lexemes (session_id, campaign_id, lexeme, segments)
          select s.session_id, se.campaign_id, l.lexeme, count(*)
          from transcript_segments s join sessions se on se.id = s.session_id,
            unnest(tsvector_to_array(s.search_vector)) as l(lexeme)
          where s.session_id in (select distinct session_id from changed) and not s.table_talk
          group by s.session_id, se.campaign_id, l.lexeme;
        return null;
      end $$;`);

    this.addSql(`create table "qa_campaign_lexemes" (
      "campaign_id" uuid not null references "campaigns" ("id") on update cascade on delete cascade,
      "lexeme" text not null,
      "segments" int not null,
      constraint "qa_campaign_lexemes_pkey" primary key ("campaign_id", "lexeme"));`);
    this.addSql(
      `create index "qa_campaign_lexemes_lexeme_trgm_index" on "qa_campaign_lexemes" using gin ("lexeme" gin_trgm_ops);`,
    );
    // One function for the three events: what left lowers the counts (a count down to 0 goes),
    // what came raises them. Two sessions of a campaign written at once would take the same rows'
    // locks in different orders (a deadlock): a campaign's counts change one transaction at a time,
    // campaigns locked in id order. A branch reads only the transition tables its event has.
    this.addSql(`create function "qa_count_campaign_lexemes"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform pg_advisory_xact_lock(hashtext('qa_campaign_lexemes'), hashtext(c.campaign_id::text))
          from (select distinct campaign_id from added order by campaign_id) c;
        elsif tg_op = 'DELETE' then
          perform pg_advisory_xact_lock(hashtext('qa_campaign_lexemes'), hashtext(c.campaign_id::text))
          from (select distinct campaign_id from removed order by campaign_id) c;
        else
          perform pg_advisory_xact_lock(hashtext('qa_campaign_lexemes'), hashtext(c.campaign_id::text))
          from (select campaign_id from added union select campaign_id from removed order by campaign_id) c;
        end if;
        if tg_op in ('DELETE', 'UPDATE') then
          update qa_campaign_lexemes c set segments = c.segments - g.segments
          from (select campaign_id, lexeme, sum(segments)::int as segments from removed group by campaign_id, lexeme) g
          where c.campaign_id = g.campaign_id and c.lexeme = g.lexeme;
          delete from qa_campaign_lexemes c using (select distinct campaign_id, lexeme from removed) g
          where c.campaign_id = g.campaign_id and c.lexeme = g.lexeme and c.segments <= 0;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into qa_campaign_lexemes (campaign_id, lexeme, segments)
            select campaign_id, lexeme, sum(segments) from added
            group by campaign_id, lexeme order by campaign_id, lexeme
          on conflict (campaign_id, lexeme) do update set segments = qa_campaign_lexemes.segments + excluded.segments;
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "qa_campaign_lexemes_added" after insert on "qa_session_lexemes"
      referencing new table as added for each statement execute function "qa_count_campaign_lexemes"();`);
    this.addSql(`create trigger "qa_campaign_lexemes_removed" after delete on "qa_session_lexemes"
      referencing old table as removed for each statement execute function "qa_count_campaign_lexemes"();`);
    this.addSql(`create trigger "qa_campaign_lexemes_moved" after update on "qa_session_lexemes"
      referencing old table as removed new table as added for each statement execute function "qa_count_campaign_lexemes"();`);
    this.addSql(`create function "qa_move_session_lexemes"() returns trigger language plpgsql as $$
      begin
        update qa_session_lexemes set campaign_id = new.campaign_id where session_id = new.id;
        return null;
      end $$;`);
    this.addSql(`create trigger "qa_session_lexemes_follow_campaign" after update of "campaign_id" on "sessions"
      for each row when (old.campaign_id is distinct from new.campaign_id) execute function "qa_move_session_lexemes"();`);
    this.addSql(`insert into qa_campaign_lexemes (campaign_id, lexeme, segments)
      select campaign_id, lexeme, sum(segments) from qa_session_lexemes group by campaign_id, lexeme;`);

    this.addSql(`create table "qa_session_lines" (
      "session_id" uuid not null references "sessions" ("id") on update cascade on delete cascade,
      "lines" int not null,
      constraint "qa_session_lines_pkey" primary key ("session_id"));`);
    // Each branch reads only the transition tables its event has. Deleted lines only lower
    // existing counts: lines deleted with their session (a cascade) leave no session to count for.
    this.addSql(`create function "qa_count_session_lines"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into qa_session_lines (session_id, lines)
            select session_id, count(*) filter (where not table_talk) from added group by session_id order by session_id
          on conflict (session_id) do update set lines = qa_session_lines.lines + excluded.lines;
        elsif tg_op = 'DELETE' then
          update qa_session_lines q set lines = q.lines - d.lines
          from (select session_id, count(*) filter (where not table_talk) as lines from removed group by session_id) d
          where q.session_id = d.session_id;
        else
          insert into qa_session_lines (session_id, lines)
            select session_id, sum(lines) from (
              select session_id, count(*) filter (where not table_talk) as lines from added group by session_id
              union all
              select session_id, -count(*) filter (where not table_talk) from removed group by session_id) d
            group by session_id order by session_id
          on conflict (session_id) do update set lines = qa_session_lines.lines + excluded.lines;
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "qa_session_lines_added" after insert on "transcript_segments"
      referencing new table as added for each statement execute function "qa_count_session_lines"();`);
    this.addSql(`create trigger "qa_session_lines_removed" after delete on "transcript_segments"
      referencing old table as removed for each statement execute function "qa_count_session_lines"();`);
    this.addSql(`create trigger "qa_session_lines_changed" after update on "transcript_segments"
      referencing old table as removed new table as added for each statement execute function "qa_count_session_lines"();`);
    this.addSql(`insert into qa_session_lines (session_id, lines)
      select session_id, count(*) filter (where not table_talk) from transcript_segments group by session_id;`);

    this.addSql(`alter table "sessions" add column "qa_summary_vector" tsvector generated always as (
      to_tsvector('english', regexp_replace(brief_summary || ' ' || moderate_summary || ' ' || detailed_summary, '<[^>]*>', ' ', 'g'))
    ) stored;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop column "qa_summary_vector";`);
    this.addSql(`drop trigger "qa_session_lines_changed" on "transcript_segments";`);
    this.addSql(`drop trigger "qa_session_lines_removed" on "transcript_segments";`);
    this.addSql(`drop trigger "qa_session_lines_added" on "transcript_segments";`);
    this.addSql(`drop function "qa_count_session_lines"();`);
    this.addSql(`drop table "qa_session_lines";`);
    this.addSql(`drop trigger "qa_session_lexemes_follow_campaign" on "sessions";`);
    this.addSql(`drop function "qa_move_session_lexemes"();`);
    this.addSql(`drop trigger "qa_campaign_lexemes_moved" on "qa_session_lexemes";`);
    this.addSql(`drop trigger "qa_campaign_lexemes_removed" on "qa_session_lexemes";`);
    this.addSql(`drop trigger "qa_campaign_lexemes_added" on "qa_session_lexemes";`);
    this.addSql(`drop function "qa_count_campaign_lexemes"();`);
    this.addSql(`drop table "qa_campaign_lexemes";`);
    this.addSql(`create or replace function "qa_refresh_session_lexemes"() returns trigger language plpgsql as $$
      begin
        delete from qa_session_lexemes where session_id in (select distinct session_id from changed);
        insert into qa_session_lexemes (session_id, lexeme, segments)
          select s.session_id, l.lexeme, count(*)
          from transcript_segments s, unnest(tsvector_to_array(s.search_vector)) as l(lexeme)
          where s.session_id in (select distinct session_id from changed) and not s.table_talk
          group by s.session_id, l.lexeme;
        return null;
      end $$;`);
    this.addSql(`alter table "qa_session_lexemes" drop column "campaign_id";`);
  }
}
