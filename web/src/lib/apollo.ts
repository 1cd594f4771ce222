import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { csrfLink } from './csrf';

/** One origin serves the app and /graphql, so the session cookie rides along as same-origin. */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([csrfLink, new HttpLink({ uri: '/graphql', credentials: 'same-origin' })]),
    cache: new InMemoryCache({
      // Plans and languages are fixed catalogues keyed by their codes.
      typePolicies: { Language: { keyFields: ['code'] }, UsageInfo: { merge: true } },
    }),
  });
}
