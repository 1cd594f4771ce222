import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';
import { csrfLink } from './csrf';

/**
 * Subscriptions ride a graphql-ws socket on the same /graphql path. The api authenticates the
 * socket by the session cookie sent with the upgrade request, so no token travels in the
 * connection params. Lazy: a socket is open only while some subscription is active, which also
 * means a sign-in or sign-out between two live views opens a socket under the new session.
 */
function webSocketLink(): GraphQLWsLink {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return new GraphQLWsLink(createClient({ url: `${scheme}//${window.location.host}/graphql`, lazy: true }));
}

/** One origin serves the app and /graphql, so the session cookie rides along as same-origin. */
export function createApolloClient(): ApolloClient {
  const http = ApolloLink.from([csrfLink, new HttpLink({ uri: '/graphql', credentials: 'same-origin' })]);
  return new ApolloClient({
    link: ApolloLink.split(
      ({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION,
      webSocketLink(),
      http,
    ),
    cache: new InMemoryCache({
      // Plans and languages are fixed catalogues keyed by their codes.
      typePolicies: { Language: { keyFields: ['code'] }, UsageInfo: { merge: true } },
    }),
  });
}
