import { graphql } from '../../gql';

/** What the sidebar shows of a campaign; everything at once costs the api a constant number of queries. */
export const SidebarCampaignFields = graphql(`
  fragment SidebarCampaignFields on Campaign {
    id
    title
    createdAt
    lastEditedAt
    role
    sessions {
      id
      title
      createdAt
      status
    }
  }
`);

export const ArchiveCampaignsQuery = graphql(`
  query ArchiveCampaigns {
    campaigns {
      ...SidebarCampaignFields
    }
  }
`);

export const SharedCampaignsQuery = graphql(`
  query SharedCampaigns {
    sharedCampaigns {
      id
      sharedAt
      campaign {
        ...SidebarCampaignFields
      }
    }
  }
`);

export const SessionContentQuery = graphql(`
  query SessionContent($id: ID!) {
    session(id: $id) {
      id
      title
      status
      stage
      progress
      failureReason
      briefSummary
      moderateSummary
      detailedSummary
      fullTranscript
      campaign {
        id
        title
        role
      }
    }
  }
`);

export const CampaignContentQuery = graphql(`
  query CampaignContent($id: ID!) {
    campaign(id: $id) {
      id
      title
      role
      summaries {
        id
        type
        text
      }
    }
  }
`);

/** The lists every archive change can affect; active ones refetch after a mutation. */
export const ARCHIVE_LISTS = ['ArchiveCampaigns', 'SharedCampaigns'];
