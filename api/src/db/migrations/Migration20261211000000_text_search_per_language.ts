import { Migration } from '@mikro-orm/migrations';
import { SEARCH_VECTOR, sessionTextSearchConfigSql } from '../../kernel/entities/search-vector';

/**
 * Lines are now stemmed with the text-search configuration of the campaign owner's language
 * (issue 48 point 6), not always English: the lines of campaigns whose owner speaks another
 * language are indexed again, the way the app writes a vector. English campaigns' vectors are
 * unchanged and left alone. Down is the English-only stemming these lines had before.
 */
const NOT_ENGLISH = `${sessionTextSearchConfigSql('t.session_id')} <> 'english'::regconfig`;

export class Migration20261211000000_text_search_per_language extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `update transcript_segments t set search_vector = ${SEARCH_VECTOR('t.text', 't.table_talk', 't')} where ${NOT_ENGLISH};`,
    );
  }

  override async down(): Promise<void> {
    // A session id no row has: the owner's configuration is not found, and SEARCH_VECTOR falls back to English.
    this.addSql(
      `update transcript_segments t set search_vector = ${SEARCH_VECTOR('t.text', 't.table_talk', 't', `'00000000-0000-0000-0000-000000000000'::uuid`)} where ${NOT_ENGLISH};`,
    );
  }
}
