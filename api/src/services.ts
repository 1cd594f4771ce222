import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from './config/config';
import { PlanService } from './modules/plans/plan.service';

/** The service layer, built once per request around its entity manager; GraphQL and REST share it. */
export interface Services {
  plans: PlanService;
}

export function createServices(_em: EntityManager, config: Config): Services {
  return {
    plans: new PlanService(config),
  };
}
