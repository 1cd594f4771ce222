import { Field, Float, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { Plan } from '../plans';

/** GraphQL names in capitals; the values are what the services and the database use. */
export enum BillingCycleEnum {
  MONTHLY = 'monthly',
  ANNUAL = 'annual',
}
registerEnumType(BillingCycleEnum, { name: 'BillingCycle' });

export enum AccountFieldEnum {
  FIRST_NAME = 'firstName',
  LAST_NAME = 'lastName',
  EMAIL = 'email',
  PREFERRED_NAME = 'preferredName',
  LANGUAGE_CODE = 'languageCode',
}
registerEnumType(AccountFieldEnum, {
  name: 'AccountField',
  description: 'An account field the profile edits one at a time',
});

@ObjectType({ description: "This month's audio allowance, in hours" })
export class UsageInfo {
  @Field(() => Float)
  uploadLimit!: number;

  @Field(() => Float)
  usedTime!: number;

  @Field(() => Float, { description: 'Never below 0' })
  remainingTime!: number;

  @Field(() => Boolean)
  canUpload!: boolean;
}

/** The person's names and address: what registration takes and the account shows (a base, never in the schema). */
@ObjectType('PersonFields')
@InputType('PersonFieldsInput')
export class PersonFields {
  @Field(() => String)
  firstName!: string;

  @Field(() => String)
  lastName!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String, { nullable: true })
  preferredName?: string | null;
}

@ObjectType({ description: 'The signed-in user' })
export class Account extends PersonFields {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'Transcript language, one of Query.languages' })
  languageCode!: string;

  @Field(() => Plan)
  plan!: Plan;

  @Field(() => BillingCycleEnum, { nullable: true })
  billingCycle!: BillingCycleEnum | null;

  @Field(() => Boolean, {
    description:
      'True while a paid plan is paid for through Stripe (in self-hosted mode: while on a paid plan); name kept from the REST API',
  })
  hasStripeSubscription!: boolean;

  @Field(() => Boolean, { description: 'Q&A access: a paid plan or the Q&A add-on' })
  hasValidAccess!: boolean;

  @Field(() => String, { description: '"self-hosted" or "stripe"' })
  billingMode!: string;

  @Field(() => Date, { nullable: true, description: 'Stripe mode: when the subscription next renews' })
  renewsAt!: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'Stripe mode: when a cancelled subscription ends; the plan lasts until then',
  })
  endsAt!: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'Stripe mode: a failed payment not yet made good (Stripe retries meanwhile; the plan stays)',
  })
  paymentFailedAt!: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When a password reset revoked every API (and MCP) token; null once a token is created again',
  })
  apiTokensRevokedAt!: Date | null;
}

@ObjectType({ description: 'A transcript language (docs/product.md#data)' })
export class Language {
  @Field(() => String)
  code!: string;

  @Field(() => String)
  label!: string;
}
