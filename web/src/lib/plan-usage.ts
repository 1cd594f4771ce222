import { graphql } from '../gql';

/**
 * The account's plan and this month's usage as the profile shows them. Changing the plan asks for
 * the same fields back, so the cached account the profile reads is current after a plan change.
 */
export const PlanFields = graphql(`
  fragment PlanFields on Plan {
    id
    name
    paid
    audioHours
  }
`);

export const UsageFields = graphql(`
  fragment UsageFields on UsageInfo {
    uploadLimit
    usedTime
    remainingTime
    canUpload
  }
`);

/**
 * Where the account stands with its plan: what the plan picker, the payment confirmation and the
 * profile all read, asked for alike so each leaves the cached account whole for the others.
 */
export const AccountPlanFields = graphql(`
  fragment AccountPlanFields on Account {
    id
    billingMode
    billingCycle
    hasStripeSubscription
    hasValidAccess
    renewsAt
    endsAt
    paymentFailedAt
    plan {
      ...PlanFields
    }
    usage {
      ...UsageFields
    }
  }
`);
