import { Field, ID, InputType } from 'type-graphql';
import { AccountFieldEnum, BillingCycleEnum, PersonFields } from './account.type';

// Only shapes here: the services validate content (zod), so REST and GraphQL give the same messages.

@InputType()
export class RegisterInput extends PersonFields {
  @Field(() => String)
  password!: string;

  @Field(() => String)
  passwordConfirm!: string;
}

@InputType()
export class LoginInput {
  @Field(() => String)
  email!: string;

  @Field(() => String)
  password!: string;
}

@InputType()
export class UpdateAccountFieldInput {
  @Field(() => AccountFieldEnum)
  field!: AccountFieldEnum;

  @Field(() => String)
  value!: string;
}

@InputType()
export class ChangePasswordInput {
  @Field(() => String)
  currentPassword!: string;

  @Field(() => String)
  newPassword!: string;

  @Field(() => String)
  confirmPassword!: string;
}

@InputType()
export class ChoosePlanInput {
  @Field(() => ID)
  planId!: string;

  @Field(() => BillingCycleEnum)
  billingCycle!: BillingCycleEnum;
}
