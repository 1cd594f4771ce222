import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { Csrf } from '../http/csrf';
import { ACCESS_MESSAGES, mayWrite } from '../policy/policy';
import type { GqlContext } from './context';

/**
 * Mutations made on the strength of a session cookie need the CSRF token, like REST writes do, and
 * none runs on a read-scope token.
 * Bearer-token calls and cookie-less calls (scripts, the conformance audit) carry no ambient
 * credentials to abuse, so they need none.
 */
export function csrfPlugin(csrf: Csrf): ApolloServerPlugin<GqlContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue }) {
          const req = contextValue.req;
          if (operation?.operation === 'mutation' && !mayWrite(contextValue.viewer)) {
            throw new GraphQLError(ACCESS_MESSAGES.readOnlyToken, {
              extensions: { code: 'FORBIDDEN', http: { status: 403 } },
            });
          }
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
