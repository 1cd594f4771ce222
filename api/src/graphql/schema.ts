import type { GraphQLSchema } from 'graphql';
import { buildSchema, type NonEmptyArray } from 'type-graphql';
import { PlanResolver } from '../modules/plans/plan.resolver';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [PlanResolver];

/** Builds the executable schema from the type-graphql resolvers (also emitted to schema.graphql). */
export function createSchema(): Promise<GraphQLSchema> {
  return buildSchema({ resolvers, validate: false, emitSchemaFile: false });
}
