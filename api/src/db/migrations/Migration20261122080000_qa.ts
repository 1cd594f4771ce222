import { Migration } from '@mikro-orm/migrations';

/**
 * Q&A vocabulary: per session, every lexeme of its in-game lines and in how many lines it occurs.
 * Retrieval reads term rarity (idf) from here instead of scanning a campaign's lines per question,
 * and matches misspelled words against these few thousand lexemes by trigram (a trigram scan of
 * the lines themselves took seconds on a 100-session campaign). A statement trigger rebuilds a
 * session's rows whenever its lines are updated — the index stage sets their search vectors with
 * one UPDATE — so the vocabulary cannot drift from the index, whoever writes it.
 */
export class Migration20261122080000_qa extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "qa_session_lexemes" (
      "session_id" uuid not null references "sessions" ("id") on update cascade on delete cascade,
      "lexeme" text not null,
      "segments" int not null,
      constraint "qa_session_lexemes_pkey" primary key ("lexeme", "session_id"));`);
    this.addSql(`create index "qa_session_lexemes_session_id_index" on "qa_session_lexemes" ("session_id");`);
    this.addSql(
      `create index "qa_session_lexemes_lexeme_trgm_index" on "qa_session_lexemes" using gin ("lexeme" gin_trgm_ops);`,
    );
    this.addSql(`create function "qa_refresh_session_lexemes"() returns trigger language plpgsql as $$
      begin
        delete from qa_session_lexemes where session_id in (select distinct session_id from changed);
        insert into qa_session_lexemes (session_id, lexeme, segments)
          select s.session_id, l.lexeme, count(*)
          from transcript_segments s, unnest(tsvector_to_array(s.search_vector)) as l(lexeme)
          where s.session_id in (select distinct session_id from changed) and not s.table_talk
          group by s.session_id, l.lexeme;
        return null;
      end $$;`);
    this.addSql(`create trigger "qa_session_lexemes_refresh" after update on "transcript_segments"
      referencing new table as changed for each statement execute function "qa_refresh_session_lexemes"();`);
    this.addSql(`insert into qa_session_lexemes (session_id, lexeme, segments)
      select s.session_id, l.lexeme, count(*)
      from transcript_segments s, unnest(tsvector_to_array(s.search_vector)) as l(lexeme)
      where not s.table_talk
      group by s.session_id, l.lexeme;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "qa_session_lexemes_refresh" on "transcript_segments";`);
    this.addSql(`drop function "qa_refresh_session_lexemes"();`);
    this.addSql(`drop table "qa_session_lexemes";`);
  }
}
