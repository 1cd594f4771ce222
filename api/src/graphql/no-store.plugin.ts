import type { ApolloServerPlugin } from '@apollo/server';

/**
 * Every GraphQL answer is the caller's own: `cache-control: no-store`, the header Apollo's
 * cache-control plugin sent when nothing in the schema has a cache hint (none does). That plugin
 * is turned off (server.ts) because it wraps every field resolver to collect hints, a cost paid
 * per field of every list for a header that never changes.
 */
export function noStorePlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          response.http.headers.set('cache-control', 'no-store');
        },
      };
    },
  };
}
