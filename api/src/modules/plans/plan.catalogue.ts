// The plan table lives in @questlog/constants, which the web app reads too.
export {
  isPlanId,
  monthlyAudioHours,
  PLAN_IDS,
  planCatalogue,
  type BillingCycle,
  type PlanDefinition,
  type PlanId,
} from '@questlog/constants';
