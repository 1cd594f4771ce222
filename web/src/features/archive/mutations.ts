import { graphql } from '../../gql';

export const UpdateSessionContentMutation = graphql(`
  mutation UpdateSessionContent($id: ID!, $field: SessionContentField!, $text: String!) {
    updateSessionContent(id: $id, field: $field, text: $text) {
      id
      briefSummary
      moderateSummary
      detailedSummary
      fullTranscript
      transcriptLines {
        ...TranscriptLineFields
      }
      campaign {
        id
        vocabulary
      }
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

export const UpdateCampaignSummaryMutation = graphql(`
  mutation UpdateCampaignSummary($campaignId: ID!, $type: CampaignSummaryType!, $text: String!) {
    updateCampaignSummary(campaignId: $campaignId, type: $type, text: $text) {
      id
      type
      text
    }
  }
`);

export const RenameCampaignMutation = graphql(`
  mutation RenameCampaign($id: ID!, $title: String!) {
    renameCampaign(id: $id, title: $title) {
      id
      title
      lastEditedAt
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

export const SetCampaignVocabularyMutation = graphql(`
  mutation SetCampaignVocabulary($campaignId: ID!, $vocabulary: String!) {
    setCampaignVocabulary(campaignId: $campaignId, vocabulary: $vocabulary) {
      id
      vocabulary
    }
  }
`);

export const DeleteCampaignMutation = graphql(`
  mutation DeleteCampaign($id: ID!, $password: String!) {
    deleteCampaign(id: $id, password: $password)
  }
`);

export const ShareCampaignMutation = graphql(`
  mutation ShareCampaign($campaignId: ID!, $email: String!) {
    shareCampaign(campaignId: $campaignId, email: $email) {
      id
      recipientEmail
    }
  }
`);

export const RemoveSharedCampaignMutation = graphql(`
  mutation RemoveSharedCampaign($shareId: ID!) {
    removeSharedCampaign(shareId: $shareId)
  }
`);

export const RevokeShareMutation = graphql(`
  mutation RevokeShare($shareId: ID!) {
    revokeShare(shareId: $shareId)
  }
`);

/** The recipient opened a shared campaign; the cached entry's `seen` updates by its id (the badge). */
export const MarkSharedCampaignSeenMutation = graphql(`
  mutation MarkSharedCampaignSeen($shareId: ID!) {
    markSharedCampaignSeen(shareId: $shareId) {
      id
      seen
    }
  }
`);

export const RenameSessionMutation = graphql(`
  mutation RenameSession($id: ID!, $title: String!) {
    renameSession(id: $id, title: $title) {
      id
      title
    }
  }
`);

export const MoveSessionMutation = graphql(`
  mutation MoveSession($id: ID!, $campaignId: ID!) {
    moveSession(id: $id, campaignId: $campaignId) {
      id
      campaign {
        id
        title
        role
      }
    }
  }
`);

export const DeleteSessionMutation = graphql(`
  mutation DeleteSession($id: ID!, $password: String!) {
    deleteSession(id: $id, password: $password)
  }
`);
