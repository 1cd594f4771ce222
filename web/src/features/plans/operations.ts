import { graphql } from '../../gql';

export const PlanCatalogueQuery = graphql(`
  query PlanCatalogue {
    plans {
      id
      name
      monthlyPrice
      annualPrice
      annualMonthlyPrice
      audioHours
      includesQa
      paid
    }
    me {
      id
      firstName
      preferredName
      billingMode
      billingCycle
      plan {
        id
      }
    }
  }
`);

export const ChoosePlanMutation = graphql(`
  mutation ChoosePlan($input: ChoosePlanInput!) {
    choosePlan(input: $input) {
      id
      billingCycle
      hasStripeSubscription
      hasValidAccess
      plan {
        ...PlanFields
      }
      usage {
        ...UsageFields
      }
    }
  }
`);
