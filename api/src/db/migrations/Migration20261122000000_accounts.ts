import { Migration } from '@mikro-orm/migrations';

/** Accounts: users, cookie sessions, API tokens, newsletter sign-ups and the usage ledger. */
export class Migration20261122000000_accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "users" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null, "updated_at" timestamptz not null,
      "email" varchar(320) not null constraint "users_email_unique" unique,
      "password_hash" varchar(255) not null,
      "first_name" varchar(255) not null, "last_name" varchar(255) not null,
      "preferred_name" varchar(255) null,
      "language_code" varchar(16) not null default 'en',
      "plan_id" text not null default 'free' check ("plan_id" in ('free', 'qa_chatbot', 'beginner', 'standard', 'pro')),
      "billing_cycle" text null check ("billing_cycle" in ('monthly', 'annual')),
      "stripe_subscription_id" varchar(255) null);`);
    this.addSql(`create table "login_sessions" (
      "token_hash" varchar(255) not null primary key,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "created_at" timestamptz not null, "expires_at" timestamptz not null);`);
    this.addSql(`create index "login_sessions_user_id_index" on "login_sessions" ("user_id");`);
    this.addSql(`create table "api_tokens" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null, "updated_at" timestamptz not null,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "name" varchar(255) not null, "prefix" varchar(255) not null,
      "secret_hash" varchar(255) not null constraint "api_tokens_secret_hash_unique" unique,
      "last_used_at" timestamptz null);`);
    this.addSql(`create index "api_tokens_user_id_index" on "api_tokens" ("user_id");`);
    this.addSql(`create table "newsletter_subscribers" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null, "updated_at" timestamptz not null,
      "email" varchar(320) not null constraint "newsletter_subscribers_email_unique" unique);`);
    this.addSql(`create table "usage_records" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null, "updated_at" timestamptz not null,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "period" varchar(7) not null, "seconds" int not null, "reason" varchar(255) not null,
      "session_id" uuid null);`);
    this.addSql(`create index "usage_records_user_id_period_index" on "usage_records" ("user_id", "period");`);
  }
}
