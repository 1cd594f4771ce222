import { Migration } from '@mikro-orm/migrations';

/**
 * Share notices (issue 25): a share stays "new" on the recipient's "Shared with me" until they
 * first open the campaign; the owner's share list shows when that was.
 */
export class Migration20261202010000_share_seen extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "campaign_shares" add column "seen_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "campaign_shares" drop column "seen_at";`);
  }
}
