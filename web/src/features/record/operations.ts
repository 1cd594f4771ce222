import { graphql } from '../../gql';

export const RecordingFields = graphql(`
  fragment RecordingFields on RecordingStatus {
    id
    title
    campaignId
    state
    segment
    partsReceived
    createdAt
    lastPartAt
  }
`);

export const StartRecordingMutation = graphql(`
  mutation StartRecording($campaignId: ID!, $mimeType: String!, $title: String) {
    startRecording(campaignId: $campaignId, mimeType: $mimeType, title: $title) {
      ...RecordingFields
    }
  }
`);

export const ResumeRecordingMutation = graphql(`
  mutation ResumeRecording($id: ID!) {
    resumeRecording(id: $id) {
      ...RecordingFields
    }
  }
`);

export const FinishRecordingMutation = graphql(`
  mutation FinishRecording($id: ID!) {
    finishRecording(id: $id) {
      ...RecordingFields
    }
  }
`);

export const UnfinishedRecordingsQuery = graphql(`
  query UnfinishedRecordings {
    unfinishedRecordings {
      ...RecordingFields
    }
  }
`);

/** Notes while you play: the lines transcribed so far and where the session stands. */
export const LiveNotesQuery = graphql(`
  query LiveNotes($id: ID!) {
    session(id: $id) {
      id
      status
      stage
      transcriptLines {
        id
        startMs
        text
        tableTalk
      }
    }
  }
`);
