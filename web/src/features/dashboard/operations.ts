import { graphql } from '../../gql';

export const DashboardCampaignsQuery = graphql(`
  query DashboardCampaigns {
    campaigns {
      id
      title
    }
  }
`);

export const CreateCampaignMutation = graphql(`
  mutation CreateCampaign($title: String!) {
    createCampaign(title: $title) {
      id
      title
    }
  }
`);
