import { Migration } from '@mikro-orm/migrations';

/**
 * A voice print per cast speaker (issue 49): the mean of the embeddings diarization found for the
 * voice, so a later session's voices are told by the campaign's cast. Personal data, kept with the
 * speaker row and so deleted with the campaign.
 */
export class Migration20261208000000_voice_prints extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "campaign_speakers" add column "voice_print" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "campaign_speakers" drop column "voice_print";`);
  }
}
