import type { APIRequestContext } from '@playwright/test';
import { graphql } from './api';

/** Puts the signed-in account of `request` on a paid plan, which includes the Q&A chatbot. */
export async function choosePaidPlan(request: APIRequestContext, planId = 'beginner'): Promise<void> {
  await graphql(request, 'mutation ($input: ChoosePlanInput!) { choosePlan(input: $input) { id hasValidAccess } }', {
    input: { planId, billingCycle: 'MONTHLY' },
  });
}
