import type { GraphQLSchema } from 'graphql';
import { buildSchema, type NonEmptyArray } from 'type-graphql';
import { AccountResolver } from '../modules/accounts/account.resolver';
import { ApiTokenResolver } from '../modules/accounts/api-token.resolver';
import { NewsletterResolver } from '../modules/newsletter/newsletter.resolver';
import { PlanResolver } from '../modules/plans/plan.resolver';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [PlanResolver, AccountResolver, ApiTokenResolver, NewsletterResolver];

/** Builds the executable schema from the type-graphql resolvers (also emitted to schema.graphql). */
export function createSchema(): Promise<GraphQLSchema> {
  return buildSchema({ resolvers, validate: false, emitSchemaFile: false });
}
