import { Migration } from '@mikro-orm/migrations';

/**
 * API token scope (issue 29): a token may be limited to reading, for assistants that should never
 * change a campaign. Tokens made before this keep doing everything they did.
 */
export class Migration20261203000000_api_token_scope extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "api_tokens" add column "scope" text not null default 'full' check ("scope" in ('full', 'read'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "api_tokens" drop column "scope";`);
  }
}
