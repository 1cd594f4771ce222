import { graphql } from '../gql';

/** A transcript line as the full-transcript view shows it: its time links to that moment of the audio. */
export const TranscriptLineFields = graphql(`
  fragment TranscriptLineFields on TranscriptLine {
    id
    startMs
    text
    tableTalk
    gmOnly
    speaker {
      id
      displayName
    }
  }
`);

export const SessionContentQuery = graphql(`
  query SessionContent($id: ID!) {
    session(id: $id) {
      ...SessionProcessingFields
      title
      briefSummary
      moderateSummary
      detailedSummary
      fullTranscript
      summariesGmOnly
      editedSummaries
      recap {
        ...RecapFields
      }
      summaryWriter {
        kind
        model
      }
      campaign {
        id
        title
        role
      }
    }
  }
`);

/** Only when the full transcript is shown: a long session has thousands of lines; the player streams audioUrl. */
export const SessionTranscriptLinesQuery = graphql(`
  query SessionTranscriptLines($id: ID!) {
    session(id: $id) {
      id
      audioUrl
      transcriptLines {
        ...TranscriptLineFields
      }
    }
  }
`);

export const UpdateSpeakerMutation = graphql(`
  mutation UpdateSpeaker($id: ID!, $input: SpeakerInput!) {
    updateSpeaker(id: $id, input: $input) {
      id
      playerName
      characterName
      role
      displayName
    }
  }
`);

/** The lists every archive change can affect; active ones refetch after a mutation. */
export const ARCHIVE_LISTS = ['ArchiveCampaigns', 'SharedCampaigns'];
