import { Migration } from '@mikro-orm/migrations';

/**
 * When a password reset last revoked an account's API tokens (issue 47), so the profile can say why
 * the list is empty. Cleared again when the account creates a token.
 */
export class Migration20261207000000_api_tokens_revoked extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "api_tokens_revoked_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "api_tokens_revoked_at";`);
  }
}
