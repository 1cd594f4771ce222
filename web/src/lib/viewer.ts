import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql';

/**
 * The signed-in account as every screen needs it. Signed-in means `me` is non-null; any failure
 * counts as signed out (docs/product.md#roles).
 */
export const ViewerQuery = graphql(`
  query Viewer {
    me {
      id
      firstName
      preferredName
      hasStripeSubscription
      plan {
        id
        name
      }
    }
  }
`);

/** The cached viewer; guards refresh it from the network when they mount. */
export function useViewer() {
  const { data, error } = useQuery(ViewerQuery);
  return { viewer: error ? null : (data?.me ?? null) };
}

/** The name to greet a user by: the preferred name when set. */
export function displayName(viewer: { firstName: string; preferredName: string | null }): string {
  return viewer.preferredName?.trim() || viewer.firstName;
}
