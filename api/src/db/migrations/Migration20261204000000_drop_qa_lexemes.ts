import { Migration } from '@mikro-orm/migrations';

/**
 * Q&A ranks by BM25 over an in-memory index of each campaign's lines (qa.index.ts), read from the
 * lines' search vectors: the per-lexeme counts that the SQL ranking read (qa_session_lexemes,
 * qa_campaign_lexemes, qa_session_lines) and the per-line repeated lexemes it ranked with are read
 * by nothing, yet their triggers still ran on every write of a line. They go, with the trigger
 * functions only they used. `sessions.qa_summary_vector` stays: Q&A breaks ties with it.
 */
export class Migration20261204000000_drop_qa_lexemes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop trigger "qa_session_lexemes_refresh" on "transcript_segments";`);
    this.addSql(`drop trigger "qa_session_lines_added" on "transcript_segments";`);
    this.addSql(`drop trigger "qa_session_lines_removed" on "transcript_segments";`);
    this.addSql(`drop trigger "qa_session_lines_changed" on "transcript_segments";`);
    this.addSql(`drop trigger "qa_session_lexemes_follow_campaign" on "sessions";`);
    // The triggers on qa_session_lexemes go with the table.
    this.addSql(`drop table "qa_campaign_lexemes", "qa_session_lexemes", "qa_session_lines";`);
    this.addSql(`drop function "qa_refresh_session_lexemes"();`);
    this.addSql(`drop function "qa_count_campaign_lexemes"();`);
    this.addSql(`drop function "qa_move_session_lexemes"();`);
    this.addSql(`drop function "qa_count_session_lines"();`);
    this.addSql(`alter table "transcript_segments" drop column "qa_repeated_lexemes";`);
    this.addSql(`drop function "qa_repeated_lexemes"(tsvector);`);
  }

  override async down(): Promise<void> {
    // Derived data nothing reads: rebuilding it would take the four migrations that made it, and
    // the code that read it is gone, so there is nothing to go back to.
    throw new Error(
      'Migration20261204000000_drop_qa_lexemes cannot be undone: the Q&A code that read these tables is gone',
    );
  }
}
