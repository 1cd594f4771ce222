import { Migration } from '@mikro-orm/migrations';

/** One Stripe Customer per account, created at its first checkout and reused from then on. */
export class Migration20261124000000_stripe_customers extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "users" add column "stripe_customer_id" varchar(255) null constraint "users_stripe_customer_id_unique" unique;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "stripe_customer_id";`);
  }
}
