import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('ApiToken', {
  description: 'A personal API token for `Authorization: Bearer` (the secret is never shown again)',
})
export class ApiTokenType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'The first characters of the secret, to tell tokens apart' })
  prefix!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  lastUsedAt?: Date | null;
}

@ObjectType()
export class CreatedApiToken {
  @Field(() => ApiTokenType)
  token!: ApiTokenType;

  @Field(() => String, { description: 'Shown only in this response' })
  secret!: string;
}
