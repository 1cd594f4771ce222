import { Migration } from '@mikro-orm/migrations';

/** A campaign's cast: speaker labels mapped to players and characters (issue 13). */
export class Migration20261128000000_cast extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "campaign_speakers" (
      "id" uuid not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "campaign_id" uuid not null references "campaigns" ("id") on update cascade on delete cascade,
      "label" varchar(200) not null,
      "player_name" varchar(80) null,
      "character_name" varchar(80) null,
      "role" text check ("role" in ('GM', 'PLAYER')) not null default 'PLAYER',
      constraint "campaign_speakers_pkey" primary key ("id"),
      constraint "campaign_speakers_campaign_id_label_unique" unique ("campaign_id", "label"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "campaign_speakers";`);
  }
}
