import { graphql } from '../../gql';

/**
 * A campaign as the archive's sidebar and content panel read it; everything at once costs the api a
 * constant number of queries.
 */
export const ArchiveCampaignFields = graphql(`
  fragment ArchiveCampaignFields on Campaign {
    ...CampaignSidebarFields
    createdAt
    role
    sessions {
      createdAt
    }
  }
`);

export const ArchiveCampaignsQuery = graphql(`
  query ArchiveCampaigns {
    campaigns {
      ...ArchiveCampaignFields
    }
  }
`);

export const SharedCampaignsQuery = graphql(`
  query SharedCampaigns {
    sharedCampaigns {
      id
      sharedAt
      seen
      campaign {
        ...ArchiveCampaignFields
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

/** A session's stored transcript, for the campaign's Full Transcript where a session has no lines. */
export const SessionFullTextQuery = graphql(`
  query SessionFullText($id: ID!) {
    session(id: $id) {
      id
      fullTranscript
    }
  }
`);

/** Every session's transcript as the viewer may read it: only when a campaign's transcript is downloaded. */
export const CampaignTranscriptsQuery = graphql(`
  query CampaignTranscripts($id: ID!) {
    campaign(id: $id) {
      id
      sessions {
        id
        title
        status
        playedOn
        createdAt
        fullTranscript
      }
    }
  }
`);
