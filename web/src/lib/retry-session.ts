import { graphql } from '../gql';

/**
 * The owner's retry of a failed session (archive and dashboard). It answers with the session back
 * in PROCESSING, which the cache takes straight into every view of it.
 */
export const RetrySessionMutation = graphql(`
  mutation RetrySession($id: ID!) {
    retrySession(id: $id) {
      ...SessionProcessingFields
    }
  }
`);
