import { graphql } from '../../gql';

/** What the Q&A sidebar shows of a campaign: its sessions, to pick one as the chat's scope. */
export const QaCampaignFields = graphql(`
  fragment QaCampaignFields on Campaign {
    id
    title
    lastEditedAt
    sessions {
      id
      title
      status
    }
  }
`);

/** Separate from the shared list so each failure gets its own message (spec section 8). */
export const QaOwnCampaignsQuery = graphql(`
  query QaOwnCampaigns {
    campaigns {
      ...QaCampaignFields
    }
  }
`);

export const QaSharedCampaignsQuery = graphql(`
  query QaSharedCampaigns {
    sharedCampaigns {
      id
      campaign {
        ...QaCampaignFields
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
        quote
      }
    }
  }
`);
