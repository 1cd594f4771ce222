/**
 * The public entry of modules/plans: what the composition root, the transports, the pipeline and
 * other features use of it. Code outside the feature imports this file, never one behind it, except
 * tests and the schema's resolver list (eslint.config.mjs).
 */
export { type BillingCycle, isPlanId, PLAN_IDS, type PlanDefinition, type PlanId } from './plan.catalogue';
export { PlanService } from './plan.service';
export { Plan } from './plan.type';
