import { Migration } from '@mikro-orm/migrations';

/**
 * Which writer made a session's generated summaries (issue 26): the offline extractive recap or a
 * language model, with the model's name. Null for summaries written before this was kept.
 */
export class Migration20261203010000_summary_writer extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "sessions" add column "summary_writer" text null, add column "summary_model" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop column "summary_writer", drop column "summary_model";`);
  }
}
