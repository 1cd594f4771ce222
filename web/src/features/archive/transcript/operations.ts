import { graphql } from '../../../gql';

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
