import { Migration } from '@mikro-orm/migrations';

/**
 * Known devices: browsers an account has signed in from (OWASP's device cookies). A login from one
 * is counted against that browser alone, so neither guessing at the account from elsewhere nor a
 * busy shared IP locks its owner out. Only the token's hash is kept.
 */
export class Migration20261125020000_known_devices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "known_devices" (
      "token_hash" varchar(64) not null primary key,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null);`);
    this.addSql(`create index "known_devices_user_id_index" on "known_devices" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "known_devices";`);
  }
}
