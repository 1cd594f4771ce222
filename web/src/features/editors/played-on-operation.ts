import { graphql } from '../../gql';

/** The day a session was played; the sidebar lists show it, so they read it back from the cache. */
export const UpdateSessionPlayedOnMutation = graphql(`
  mutation UpdateSessionPlayedOn($id: ID!, $playedOn: Date!) {
    updateSessionPlayedOn(id: $id, playedOn: $playedOn) {
      id
      playedOn
    }
  }
`);
