import { graphql } from '../../gql';

/** The newest sessions across own and shared campaigns, with where their processing stands. */
export const DashboardLatestSessionsQuery = graphql(`
  query DashboardLatestSessions {
    latestSessions(limit: 5) {
      ...SessionProcessingFields
      title
      playedOn
      campaign {
        id
        title
        role
      }
    }
  }
`);

/** The plan's audio hours left this month (the fragments the profile reads, so the cache agrees). */
export const DashboardUsageQuery = graphql(`
  query DashboardUsage {
    me {
      id
      plan {
        ...PlanFields
      }
      usage {
        ...UsageFields
      }
    }
  }
`);
