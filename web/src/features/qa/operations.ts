import { graphql } from '../../gql';

/** Separate from the shared list so each failure gets its own message (docs/product.md#messages). */
export const QaOwnCampaignsQuery = graphql(`
  query QaOwnCampaigns {
    campaigns {
      ...CampaignSidebarFields
    }
  }
`);

export const QaSharedCampaignsQuery = graphql(`
  query QaSharedCampaigns {
    sharedCampaigns {
      id
      campaign {
        ...CampaignSidebarFields
      }
    }
  }
`);

/** Who may ask (hasValidAccess) and who sees the upgrade button (hasStripeSubscription). */
export const QaAccessQuery = graphql(`
  query QaAccess {
    me {
      id
      hasValidAccess
      hasStripeSubscription
    }
  }
`);

/** docs/qa-contract.md: the answer with the passages it cites. */
export const AskMutation = graphql(`
  mutation Ask($input: AskInput!) {
    ask(input: $input) {
      text
      found
      citations {
        sessionId
        sessionTitle
        startMs
        endMs
        quote
      }
    }
  }
`);

/** Where a cited session's recording streams from (null without one); asked before each play. */
export const CitationAudioQuery = graphql(`
  query CitationAudio($id: ID!) {
    session(id: $id) {
      id
      audioUrl
    }
  }
`);
