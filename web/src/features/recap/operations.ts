import { graphql } from '../../gql';

/** A recap sentence: its text and the moment it was told from. */
export const RecapSentenceFields = graphql(`
  fragment RecapSentenceFields on RecapSentence {
    text
    lineIds
    startMs
  }
`);

/** The night as scenes, as the summary views and the timeline read it. */
export const RecapFields = graphql(`
  fragment RecapFields on Recap {
    scenes {
      title
      startMs
      endMs
      where
      people
      met
      main
      happened {
        ...RecapSentenceFields
      }
      found {
        ...RecapSentenceFields
      }
    }
    threads {
      ...RecapSentenceFields
    }
  }
`);

/**
 * What the timeline draws beside the scenes: each line's span, table talk and speaker, without its
 * text (a long night has thousands), and the recording a summary's sentences play from.
 */
export const SessionTimelineQuery = graphql(`
  query SessionTimeline($id: ID!) {
    session(id: $id) {
      id
      durationSeconds
      audioUrl
      transcriptLines {
        id
        startMs
        endMs
        tableTalk
        speaker {
          id
          displayName
        }
      }
    }
  }
`);
