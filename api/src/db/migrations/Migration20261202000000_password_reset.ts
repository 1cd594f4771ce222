import { Migration } from '@mikro-orm/migrations';

/**
 * Password reset links (issue 25): single-use, valid an hour. Only the SHA-256 of the link's random
 * token is kept, so a copy of the database opens no account.
 */
export class Migration20261202000000_password_reset extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "password_resets" (
      "token_hash" varchar(64) not null primary key,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null);`);
    this.addSql(`create index "password_resets_user_id_index" on "password_resets" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "password_resets";`);
  }
}
