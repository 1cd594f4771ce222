import { Migration } from '@mikro-orm/migrations';

/**
 * Keeps each transcript line's word timings (session-relative milliseconds), so lines split on
 * word boundaries and the transcript can link every word to its moment in the audio.
 */
export class Migration20261123000000_segment_words extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "transcript_segments" add column "words" jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "transcript_segments" drop column "words";`);
  }
}
