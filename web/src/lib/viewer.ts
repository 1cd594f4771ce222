import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql';

/**
 * The signed-in account as every screen needs it. Signed-in means `me` is non-null; any failure
 * counts as signed out (spec section 6).
 */
export const ViewerQuery = graphql(`
  query Viewer {
    me {
      id
      firstName
      lastName
      preferredName
      email
      hasStripeSubscription
      hasValidAccess
      billingMode
      billingCycle
      plan {
        id
        name
        paid
        audioHours
      }
    }
  }
`);

export type Viewer = NonNullable<ReturnType<typeof useViewer>['viewer']>;

/** The cached viewer; guards refresh it from the network when they mount. */
export function useViewer() {
  const { data, loading, error } = useQuery(ViewerQuery, { errorPolicy: 'none' });
  return { viewer: error ? null : (data?.me ?? null), loading };
}

/** The name to greet a user by: the preferred name when set. */
export function displayName(viewer: { firstName: string; preferredName: string | null }): string {
  return viewer.preferredName?.trim() || viewer.firstName;
}
