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
