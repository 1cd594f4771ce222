import { graphql } from '../../gql';

/** The session's voices as its GM checks them (the api refuses anyone else). */
export const SessionVoicesQuery = graphql(`
  query SessionVoices($id: ID!) {
    session(id: $id) {
      id
      audioUrl
      voices {
        talkSeconds
        lineCount
        sampleStartMs
        speaker {
          id
          label
          playerName
          characterName
          role
          displayName
        }
        closestKnown {
          id
          displayName
        }
      }
    }
  }
`);

export const MergeSpeakersMutation = graphql(`
  mutation MergeSpeakers($id: ID!, $into: ID!) {
    mergeSpeakers(id: $id, into: $into) {
      id
      displayName
    }
  }
`);

export const MoveLinesToSpeakerMutation = graphql(`
  mutation MoveLinesToSpeaker($lineIds: [ID!]!, $speakerId: ID!) {
    moveLinesToSpeaker(lineIds: $lineIds, speakerId: $speakerId) {
      id
      displayName
    }
  }
`);

export const ForgetVoicePrintsMutation = graphql(`
  mutation ForgetVoicePrints($campaignId: ID!) {
    forgetVoicePrints(campaignId: $campaignId)
  }
`);

/**
 * What a voice correction changes on the page: the voices, the transcript's speakers and the cast
 * the editor shows (summaries are written again by the api and announced as other edits are).
 */
export const AFTER_VOICE_CHANGE = ['SessionVoices', 'SessionTranscriptLines', 'CampaignCast'];
