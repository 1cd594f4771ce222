import { Migration } from '@mikro-orm/migrations';

/**
 * Campaigns, their sessions, campaign-level summaries and read-only shares. Every index serves a
 * lookup the policy or a list makes: own campaigns by owner, sessions by campaign, shares by
 * recipient account and (while unclaimed) by recipient e-mail.
 */
export class Migration20261122030000_campaigns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "campaigns" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null, "updated_at" timestamptz not null,
      "owner_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "title" varchar(200) not null,
      "last_edited_at" timestamptz not null);`);
    this.addSql(`create index "campaigns_owner_id_created_at_index" on "campaigns" ("owner_id", "created_at");`);

    this.addSql(`create table "sessions" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null, "updated_at" timestamptz not null,
      "campaign_id" uuid not null references "campaigns" ("id") on update cascade on delete restrict,
      "title" varchar(200) not null,
      "status" text not null default 'PROCESSING' check ("status" in ('PROCESSING', 'READY', 'FAILED')),
      "stage" varchar(255) null,
      "progress" double precision not null default 0 check ("progress" >= 0 and "progress" <= 1),
      "failure_reason" text null,
      "original_file_name" varchar(255) not null,
      "duration_seconds" double precision null, "mime_type" varchar(255) null, "size_bytes" bigint null,
      "storage_key" varchar(255) null,
      "brief_summary" text not null default '', "moderate_summary" text not null default '',
      "detailed_summary" text not null default '', "full_transcript" text not null default '',
      "summary_very_short" text not null default '');`);
    this.addSql(`create index "sessions_campaign_id_created_at_index" on "sessions" ("campaign_id", "created_at");`);

    this.addSql(`create table "campaign_summaries" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null, "updated_at" timestamptz not null,
      "campaign_id" uuid not null references "campaigns" ("id") on update cascade on delete cascade,
      "type" text not null check ("type" in ('brief', 'moderate', 'detailed', 'full')),
      "text" text not null default '',
      constraint "campaign_summaries_campaign_id_type_unique" unique ("campaign_id", "type"));`);

    this.addSql(`create table "campaign_shares" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null, "updated_at" timestamptz not null,
      "campaign_id" uuid not null references "campaigns" ("id") on update cascade on delete cascade,
      "recipient_email" varchar(320) not null,
      "recipient_id" uuid null references "users" ("id") on update cascade on delete cascade,
      "created_by_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      constraint "campaign_shares_campaign_id_recipient_email_unique" unique ("campaign_id", "recipient_email"));`);
    this.addSql(`create index "campaign_shares_recipient_id_index" on "campaign_shares" ("recipient_id");`);
    this.addSql(`create index "campaign_shares_created_by_id_index" on "campaign_shares" ("created_by_id");`);
    // Unclaimed shares are found by the address they were sent to.
    this.addSql(`create index "campaign_shares_unclaimed_email_index" on "campaign_shares" ("recipient_email")
      where "recipient_id" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "campaign_shares";`);
    this.addSql(`drop table "campaign_summaries";`);
    this.addSql(`drop table "sessions";`);
    this.addSql(`drop table "campaigns";`);
  }
}
