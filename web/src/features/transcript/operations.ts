import { graphql } from '../../gql';

/** The owner flips a line between in-game and table talk; the cached line updates by its id. */
export const SetLineTableTalkMutation = graphql(`
  mutation SetLineTableTalk($lineId: ID!, $tableTalk: Boolean!) {
    setLineTableTalk(lineId: $lineId, tableTalk: $tableTalk) {
      ...TranscriptLineFields
    }
  }
`);

/** The owner rewrites one line; its time stays. */
export const EditTranscriptLineMutation = graphql(`
  mutation EditTranscriptLine($lineId: ID!, $text: String!) {
    editTranscriptLine(lineId: $lineId, text: $text) {
      ...TranscriptLineFields
    }
  }
`);

/** The owner keeps a line from the campaign's players, or shares it again; the cached line updates by its id. */
export const SetLineGmOnlyMutation = graphql(`
  mutation SetLineGmOnly($lineId: ID!, $gmOnly: Boolean!) {
    setLineGmOnly(lineId: $lineId, gmOnly: $gmOnly) {
      ...TranscriptLineFields
    }
  }
`);

/**
 * The owner keeps a session's summaries from the campaign's players, or shares them again. The
 * campaign's own summaries are written again without (or with) the session before the answer, so
 * they come with it into the cache.
 */
export const SetSessionSummariesGmOnlyMutation = graphql(`
  mutation SetSessionSummariesGmOnly($id: ID!, $gmOnly: Boolean!) {
    setSessionSummariesGmOnly(id: $id, gmOnly: $gmOnly) {
      id
      summariesGmOnly
      campaign {
        id
        summaries {
          id
          type
          text
        }
      }
    }
  }
`);
