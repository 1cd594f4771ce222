import type { ApolloServerPlugin } from '@apollo/server';
import type { GqlContext } from './context';
import { checkQueryCost } from './query-cost';

/**
 * The cost limit needs the request's variables (they decide @include/@skip), which validation
 * rules do not see: checked once the operation is known, before any resolver runs. A refusal is a
 * 400 with code QUERY_TOO_COMPLEX. Depth, aliases, directives and mutations are validation rules;
 * length and tokens are checked before parsing (limits.middleware.ts).
 */
export function limitsPlugin(): ApolloServerPlugin<GqlContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, request }) {
          checkQueryCost(schema, document, request.variables, request.operationName ?? undefined);
        },
      };
    },
  };
}
