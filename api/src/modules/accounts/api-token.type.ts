import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';

/** What a token may do (GraphQL names of ApiTokenScope). */
export enum ApiTokenScopeEnum {
  FULL = 'full',
  READ = 'read',
}

registerEnumType(ApiTokenScopeEnum, {
  name: 'ApiTokenScope',
  description: 'FULL: whatever its user may do; READ: reads only (every mutation and REST write is refused)',
});

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

  @Field(() => ApiTokenScopeEnum)
  scope!: ApiTokenScopeEnum;

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
