import { Migration } from '@mikro-orm/migrations';

/**
 * Overlapping chunks: a chunk's audio may start a few seconds before its cut (the lead), so its
 * row records where its own part starts; null for chunks without a lead (as all were before).
 */
export class Migration20261130000000_chunk_lead extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "session_chunks" add column "own_start_ms" integer null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "session_chunks" drop column "own_start_ms";`);
  }
}
