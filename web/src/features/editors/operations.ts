import { graphql } from '../../gql';

/** Who the owner shares a campaign with (the share dialog). */
export const CampaignSharesQuery = graphql(`
  query CampaignShares($id: ID!) {
    campaign(id: $id) {
      id
      shares {
        id
        recipientEmail
        createdAt
        seenAt
      }
    }
  }
`);

/** Read when the campaign editor opens, so it shows names the transcript edits taught it meanwhile. */
export const CampaignCastQuery = graphql(`
  query CampaignCast($id: ID!) {
    campaign(id: $id) {
      id
      cast {
        id
        label
        playerName
        characterName
        role
        displayName
      }
    }
  }
`);

export const CampaignVocabularyQuery = graphql(`
  query CampaignVocabulary($id: ID!) {
    campaign(id: $id) {
      id
      vocabulary
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
