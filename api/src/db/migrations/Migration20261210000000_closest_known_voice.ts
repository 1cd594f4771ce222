import { Migration } from '@mikro-orm/migrations';

/**
 * A new voice whose match to the cast was unclear keeps the closest known speaker (issue 49 point
 * 2), for the GM to be asked "Sounds like Sam?". Gone with that speaker (a merge) or the prints.
 */
export class Migration20261210000000_closest_known_voice extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "campaign_speakers" add column "closest_known_id" uuid null
       references "campaign_speakers" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "campaign_speakers" drop column "closest_known_id";`);
  }
}
