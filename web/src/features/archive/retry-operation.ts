import { graphql } from '../../gql';

/** Answers with the session back in PROCESSING, which the cache takes straight into the view. */
export const RetrySessionMutation = graphql(`
  mutation RetrySession($id: ID!) {
    retrySession(id: $id) {
      id
      status
      stage
      progress
      failureReason
    }
  }
`);
