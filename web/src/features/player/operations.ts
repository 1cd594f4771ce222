import { graphql } from '../../gql';

/** The session's audio URL read again: a recipient's changes with the GM-only marks. */
export const SessionAudioUrlQuery = graphql(`
  query SessionAudioUrl($id: ID!) {
    session(id: $id) {
      id
      audioUrl
    }
  }
`);
