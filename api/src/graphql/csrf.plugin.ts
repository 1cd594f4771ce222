import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { Csrf } from '../http/csrf';
import type { GqlContext } from './context';

/**
 * Mutations made on the strength of a session cookie need the CSRF token, like REST writes do.
 * Bearer-token calls and cookie-less calls (scripts, the conformance audit) carry no ambient
 * credentials to abuse, so they need none.
 */
export function csrfPlugin(csrf: Csrf): ApolloServerPlugin<GqlContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue }) {
          const req = contextValue.req;
          if (!req || operation?.operation !== 'mutation' || contextValue.viewer.via === 'bearer') return;
          if (!req.get('cookie')) return;
          if (!csrf.isValid(req)) {
            throw new GraphQLError('Invalid or missing CSRF token', {
              extensions: { code: 'CSRF_FAILED', http: { status: 403 } },
            });
          }
        },
      };
    },
  };
}
