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
      email
      firstName
      preferredName
      billingMode
      billingCycle
      hasStripeSubscription
      plan {
        id
      }
    }
  }
`);

/**
 * Asked for again from the network when a checkout returns: the plan, allowance and access the
 * other screens read from the cache become those of the plan just bought.
 */
export const ConfirmationAccountQuery = graphql(`
  query ConfirmationAccount {
    me {
      firstName
      preferredName
      ...AccountPlanFields
    }
  }
`);

export const CreateCheckoutSessionMutation = graphql(`
  mutation CreateCheckoutSession($input: CheckoutSessionInput!) {
    createCheckoutSession(input: $input) {
      sessionId
      url
    }
  }
`);

/** Self-hosted mode only: back to Free / Viewer, which needs no checkout. */
export const ChoosePlanMutation = graphql(`
  mutation ChoosePlan($input: ChoosePlanInput!) {
    choosePlan(input: $input) {
      ...AccountPlanFields
    }
  }
`);
