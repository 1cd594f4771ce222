import { Migration } from '@mikro-orm/migrations';

// The trigger functions as Migration20261129000000_qa_campaign_vocabulary left them, for `down`.
const LEXEMES_BEFORE = `create or replace function "qa_refresh_session_lexemes"() returns trigger language plpgsql as $$
  begin
    delete from qa_session_lexemes where session_id in (select distinct session_id from changed);
    insert into qa_session_lexemes (session_id, campaign_id, lexeme, segments)
      select s.session_id, se.campaign_id, l.lexeme, count(*)
      from transcript_segments s join sessions se on se.id = s.session_id,
        unnest(tsvector_to_array(s.search_vector)) as l(lexeme)
      where s.session_id in (select distinct session_id from changed) and not s.table_talk
      group by s.session_id, se.campaign_id, l.lexeme;
    return null;
  end $$;`;

const CAMPAIGN_BEFORE = `create or replace function "qa_count_campaign_lexemes"() returns trigger language plpgsql as $$
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
  end $$;`;

const LINES_BEFORE = `create or replace function "qa_count_session_lines"() returns trigger language plpgsql as $$
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
  end $$;`;

/**
 * Q&A for the players a campaign is shared with (issue 15): they must not learn anything from
 * GM-only lines, not even that a word is said somewhere (its idf, a near spelling, the number of
 * lines). Next to every count Q&A reads, the vocabularies keep the same count over open lines
 * (in game and not GM-only): `open_segments` in `qa_session_lexemes` and `qa_campaign_lexemes`,
 * `open_lines` in `qa_session_lines`. The same statement triggers keep both (marking a line GM-only
 * is an UPDATE of transcript_segments, which fires them); a lexeme said only in GM-only lines keeps
 * its row with an open count of 0, which a recipient's retrieval skips.
 *
 * A recipient's passages count their ±context lines among the lines they may read, and a line's
 * place in its session without the GM-only lines before it: the partial index finds those few.
 */
export class Migration20261201010000_qa_gm_only extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "qa_session_lexemes" add column "open_segments" int not null default 0;`);
    this.addSql(`alter table "qa_campaign_lexemes" add column "open_segments" int not null default 0;`);
    this.addSql(`alter table "qa_session_lines" add column "open_lines" int not null default 0;`);
    this.addSql(`create index "transcript_segments_gm_only_index" on "transcript_segments" ("session_id", "position")
      where "gm_only";`);

    this.addSql(`create or replace function "qa_refresh_session_lexemes"() returns trigger language plpgsql as $$
      begin
        delete from qa_session_lexemes where session_id in (select distinct session_id from changed);
        insert into qa_session_lexemes (session_id, campaign_id, lexeme, segments, open_segments)
          select s.session_id, se.campaign_id, l.lexeme, count(*), count(*) filter (where not s.gm_only)
          from transcript_segments s join sessions se on se.id = s.session_id,
            unnest(tsvector_to_array(s.search_vector)) as l(lexeme)
          where s.session_id in (select distinct session_id from changed) and not s.table_talk
          group by s.session_id, se.campaign_id, l.lexeme;
        return null;
      end $$;`);
    // As before, with the open count moved alongside: a row goes when no in-game line holds it.
    this.addSql(`create or replace function "qa_count_campaign_lexemes"() returns trigger language plpgsql as $$
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
          update qa_campaign_lexemes c
          set segments = c.segments - g.segments, open_segments = c.open_segments - g.open_segments
          from (select campaign_id, lexeme, sum(segments)::int as segments, sum(open_segments)::int as open_segments
            from removed group by campaign_id, lexeme) g
          where c.campaign_id = g.campaign_id and c.lexeme = g.lexeme;
          delete from qa_campaign_lexemes c using (select distinct campaign_id, lexeme from removed) g
          where c.campaign_id = g.campaign_id and c.lexeme = g.lexeme and c.segments <= 0;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into qa_campaign_lexemes (campaign_id, lexeme, segments, open_segments)
            select campaign_id, lexeme, sum(segments), sum(open_segments) from added
            group by campaign_id, lexeme order by campaign_id, lexeme
          on conflict (campaign_id, lexeme) do update set segments = qa_campaign_lexemes.segments + excluded.segments,
            open_segments = qa_campaign_lexemes.open_segments + excluded.open_segments;
        end if;
        return null;
      end $$;`);
    this.addSql(`create or replace function "qa_count_session_lines"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into qa_session_lines (session_id, lines, open_lines)
            select session_id, count(*) filter (where not table_talk), count(*) filter (where not table_talk and not gm_only)
            from added group by session_id order by session_id
          on conflict (session_id) do update set lines = qa_session_lines.lines + excluded.lines,
            open_lines = qa_session_lines.open_lines + excluded.open_lines;
        elsif tg_op = 'DELETE' then
          update qa_session_lines q set lines = q.lines - d.lines, open_lines = q.open_lines - d.open_lines
          from (select session_id, count(*) filter (where not table_talk) as lines,
              count(*) filter (where not table_talk and not gm_only) as open_lines
            from removed group by session_id) d
          where q.session_id = d.session_id;
        else
          insert into qa_session_lines (session_id, lines, open_lines)
            select session_id, sum(lines), sum(open_lines) from (
              select session_id, count(*) filter (where not table_talk) as lines,
                count(*) filter (where not table_talk and not gm_only) as open_lines
              from added group by session_id
              union all
              select session_id, -count(*) filter (where not table_talk),
                -count(*) filter (where not table_talk and not gm_only)
              from removed group by session_id) d
            group by session_id order by session_id
          on conflict (session_id) do update set lines = qa_session_lines.lines + excluded.lines,
            open_lines = qa_session_lines.open_lines + excluded.open_lines;
        end if;
        return null;
      end $$;`);

    // The session rows' update fires the campaign trigger above, which adds their open counts up.
    this.addSql(`update qa_session_lexemes v set open_segments = c.open_segments
      from (select s.session_id, l.lexeme, count(*)::int as open_segments
        from transcript_segments s, unnest(tsvector_to_array(s.search_vector)) as l(lexeme)
        where not s.table_talk and not s.gm_only group by s.session_id, l.lexeme) c
      where v.session_id = c.session_id and v.lexeme = c.lexeme;`);
    this.addSql(`update qa_session_lines q set open_lines = c.open_lines
      from (select session_id, count(*) filter (where not table_talk and not gm_only)::int as open_lines
        from transcript_segments group by session_id) c
      where q.session_id = c.session_id;`);
  }

  override async down(): Promise<void> {
    this.addSql(LINES_BEFORE);
    this.addSql(CAMPAIGN_BEFORE);
    this.addSql(LEXEMES_BEFORE);
    this.addSql(`drop index "transcript_segments_gm_only_index";`);
    this.addSql(`alter table "qa_session_lines" drop column "open_lines";`);
    this.addSql(`alter table "qa_campaign_lexemes" drop column "open_segments";`);
    this.addSql(`alter table "qa_session_lexemes" drop column "open_segments";`);
  }
}
