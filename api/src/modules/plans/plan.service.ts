import type { Config } from '../../config/config';
import { notFound } from '../../kernel/errors';
import { monthlyAudioHours, planCatalogue, type PlanDefinition } from './plan.catalogue';

/** The plan catalogue as configured (Free / Viewer's hours come from FREE_AUDIO_HOURS). */
export class PlanService {
  private readonly plans: readonly PlanDefinition[];

  constructor(config: Pick<Config, 'FREE_AUDIO_HOURS'>) {
    this.plans = planCatalogue(config.FREE_AUDIO_HOURS);
  }

  list(): readonly PlanDefinition[] {
    return this.plans;
  }

  get(id: string): PlanDefinition {
    const plan = this.plans.find((p) => p.id === id);
    if (!plan) throw notFound('Plan not found');
    return plan;
  }

  /** Monthly upload allowance: every account keeps at least the Free allowance (the Q&A add-on adds none). */
  uploadLimitHours(planId: string): number {
    return monthlyAudioHours(this.get(planId), this.get('free'));
  }
}
