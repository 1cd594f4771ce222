import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from './config/config';
import { AccountService } from './modules/accounts/account.service';
import { ApiTokenService } from './modules/accounts/api-token.service';
import { NewsletterService } from './modules/newsletter/newsletter.service';
import { PlanService } from './modules/plans/plan.service';
import { UsageService } from './modules/usage/usage.service';

/** The service layer, built once per request around its entity manager; GraphQL and REST share it. */
export interface Services {
  plans: PlanService;
  accounts: AccountService;
  apiTokens: ApiTokenService;
  newsletter: NewsletterService;
  usage: UsageService;
}

export function createServices(em: EntityManager, config: Config): Services {
  const plans = new PlanService(config);
  return {
    plans,
    accounts: new AccountService(em, config, plans),
    apiTokens: new ApiTokenService(em),
    newsletter: new NewsletterService(em),
    usage: new UsageService(em, plans),
  };
}
