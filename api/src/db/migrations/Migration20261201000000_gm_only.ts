import { Migration } from '@mikro-orm/migrations';

/**
 * GM-only content (issue 15): the owner keeps single transcript lines, or a session's summaries,
 * from the players the campaign is shared with. Read paths filter on these marks for recipients;
 * what everyone reads (generated summaries, the index) is written from lines that are not GM-only.
 */
export class Migration20261201000000_gm_only extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "transcript_segments" add column "gm_only" boolean not null default false;`);
    this.addSql(`alter table "sessions" add column "summaries_gm_only" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop column "summaries_gm_only";`);
    this.addSql(`alter table "transcript_segments" drop column "gm_only";`);
  }
}
