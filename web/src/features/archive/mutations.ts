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

export const UpdateCampaignSummaryMutation = graphql(`
  mutation UpdateCampaignSummary($campaignId: ID!, $type: CampaignSummaryType!, $text: String!) {
    updateCampaignSummary(campaignId: $campaignId, type: $type, text: $text) {
      id
      type
      text
    }
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
