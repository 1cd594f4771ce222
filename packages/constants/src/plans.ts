/** The plans of docs/product.md#plans-and-limits: ids, prices in US dollars, audio hours per month. */
export type PlanId = 'free' | 'qa_chatbot' | 'beginner' | 'standard' | 'pro';
export const PLAN_IDS: readonly PlanId[] = ['free', 'qa_chatbot', 'beginner', 'standard', 'pro'];
export type BillingCycle = 'monthly' | 'annual';

export interface PlanDefinition {
  id: PlanId;
  name: string;
  monthlyPrice: number;
  /** Price per year when billed annually; null for monthly-only plans. */
  annualPrice: number | null;
  /** The per-month figure advertised for annual billing. */
  annualMonthlyPrice: number | null;
  /** Audio hours per month this plan adds; free's comes from FREE_AUDIO_HOURS. */
  audioHours: number;
  /** Q&A chatbot access (hasValidAccess). */
  includesQa: boolean;
  paid: boolean;
}

export function planCatalogue(freeAudioHours: number): readonly PlanDefinition[] {
  return [
    {
      id: 'free',
      name: 'Free / Viewer',
      monthlyPrice: 0,
      annualPrice: null,
      annualMonthlyPrice: null,
      audioHours: freeAudioHours,
      includesQa: false,
      paid: false,
    },
    {
      id: 'qa_chatbot',
      name: 'Q&A Chatbot Access',
      monthlyPrice: 6,
      annualPrice: null,
      annualMonthlyPrice: null,
      audioHours: 0,
      includesQa: true,
      paid: true,
    },
    {
      id: 'beginner',
      name: 'Beginner',
      monthlyPrice: 12,
      annualPrice: 108,
      annualMonthlyPrice: 9,
      audioHours: 8,
      includesQa: true,
      paid: true,
    },
    {
      id: 'standard',
      name: 'Standard',
      monthlyPrice: 22,
      annualPrice: 198,
      annualMonthlyPrice: 16.5,
      audioHours: 16,
      includesQa: true,
      paid: true,
    },
    {
      id: 'pro',
      name: 'Pro',
      monthlyPrice: 45,
      annualPrice: 405,
      annualMonthlyPrice: 34,
      audioHours: 32,
      includesQa: true,
      paid: true,
    },
  ];
}

/**
 * The audio hours a month an account on `plan` may upload: never fewer than Free / Viewer's, so the
 * Q&A add-on (no hours of its own) keeps the free allowance. What the api enforces and every screen shows.
 */
export function monthlyAudioHours(
  plan: Pick<PlanDefinition, 'audioHours'>,
  free: Pick<PlanDefinition, 'audioHours'>,
): number {
  return Math.max(free.audioHours, plan.audioHours);
}

/** Whether a plan lets its account ask the Q&A chatbot (the catalogue's includesQa; unknown ids do not). */
export function planIncludesQa(planId: string): boolean {
  return planCatalogue(0).some((p) => p.id === planId && p.includesQa);
}

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}
