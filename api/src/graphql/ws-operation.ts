import { GraphQLError, parse, specifiedRules, validate, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { checkQuerySource, limitRules, PARSE_OPTIONS } from './limits';
import { checkQueryCost } from './query-cost';

/**
 * graphql-ws's onSubscribe: the same limits as over HTTP (limits.plugin.ts and the validation
 * rules), so the socket is no way around them. Refusals and syntax errors go back as the
 * operation's error message; the connection stays open.
 */
export function checkedOperation(schema: GraphQLSchema) {
  return (_ctx: unknown, _id: string, payload: SubscribePayload): ExecutionArgs | readonly GraphQLError[] => {
    const { query, variables, operationName } = payload;
    try {
      checkQuerySource(query);
      const document = parse(query, PARSE_OPTIONS);
      const errors = validate(schema, document, [...specifiedRules, ...limitRules]);
      if (errors.length > 0) return errors;
      checkQueryCost(schema, document, variables ?? undefined, operationName ?? undefined);
      return { schema, document, variableValues: variables, operationName };
    } catch (err) {
      if (err instanceof GraphQLError) return [err];
      throw err;
    }
  };
}
