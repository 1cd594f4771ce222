import { graphql } from '../gql';

/**
 * Where a session's processing stands. The archive, the dashboard and a retry all ask for these
 * same fields, so whichever answers last leaves every view of the session current in the cache.
 */
export const SessionProcessingFields = graphql(`
  fragment SessionProcessingFields on Session {
    id
    status
    stage
    progress
    failureReason
  }
`);
