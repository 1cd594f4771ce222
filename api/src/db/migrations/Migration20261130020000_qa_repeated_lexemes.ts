import { Migration } from '@mikro-orm/migrations';

/**
 * Q&A ranks candidate lines by `ts_rank_cd(search_vector, <the question's lexemes, or'ed>, 32)`.
 * For a query of single lexemes or'ed together every matching position is a cover of its own, so
 * the rank is n / (n + 1), n being the positions' summed weights; when each lexeme of the query a
 * line holds is held once at weight A (every in-game line's weight), n is simply how many of them
 * the line holds, which `ts_delete` counts for a fraction of `ts_rank_cd`'s cost.
 * `transcript_segments.qa_repeated_lexemes` keeps, per line, the lexemes for which that does not
 * hold (said more than once, without positions, or weighted other than A): only a line holding
 * one of the question's lexemes among them is ranked by `ts_rank_cd` itself. A generated column,
 * so every write of `search_vector` keeps it.
 */
export class Migration20261130020000_qa_repeated_lexemes extends Migration {
  override async up(): Promise<void> {
    this
      .addSql(`create function "qa_repeated_lexemes"(v tsvector) returns tsvector language sql immutable parallel safe as $$
      select array_to_tsvector(array(
        select u.lexeme from unnest(v) u
        where u.positions is null or cardinality(u.positions) <> 1 or u.weights <> '{A}'))
    $$;`);
    this.addSql(`alter table "transcript_segments" add column "qa_repeated_lexemes" tsvector
      generated always as (qa_repeated_lexemes("search_vector")) stored;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "transcript_segments" drop column "qa_repeated_lexemes";`);
    this.addSql(`drop function "qa_repeated_lexemes"(tsvector);`);
  }
}
