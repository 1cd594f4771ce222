import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from './config/config';
import { AccountService } from './modules/accounts/account.service';
import { ApiTokenService } from './modules/accounts/api-token.service';
import { NewsletterService } from './modules/newsletter/newsletter.service';
import { PlanService } from './modules/plans/plan.service';
import { Policy } from './policy/policy';
import { CampaignService } from './modules/campaigns/campaign.service';
import { CampaignSummaryService } from './modules/campaigns/campaign-summary.service';
import { SessionService } from './modules/sessions/session.service';
import { SessionProcessingService } from './modules/sessions/session-processing.service';
import { ShareService } from './modules/sharing/share.service';
import { UsageService } from './modules/usage/usage.service';
import { QaService } from './modules/qa/qa.service';
import { createAnswerer } from './processing/engines';
import { storageFor } from './storage/create-storage';

/** The service layer, built once per request around its entity manager; GraphQL and REST share it. */
export interface Services {
  plans: PlanService;
  campaigns: CampaignService;
  campaignSummaries: CampaignSummaryService;
  sessions: SessionService;
  processing: SessionProcessingService;
  shares: ShareService;
  accounts: AccountService;
  apiTokens: ApiTokenService;
  newsletter: NewsletterService;
  usage: UsageService;
  qa: QaService;
}

export function createServices(em: EntityManager, config: Config): Services {
  const plans = new PlanService(config);
  const accounts = new AccountService(em, config, plans);
  return {
    plans,
    accounts,
    apiTokens: new ApiTokenService(em),
    newsletter: new NewsletterService(em),
    usage: new UsageService(em, plans),
    ...campaignServices(em, config),
    qa: new QaService(em, new Policy(em, config), accounts, createAnswerer(config)),
  };
}

/** Campaigns, sessions and sharing, all deciding access through one policy instance. */
function campaignServices(em: EntityManager, config: Config) {
  const policy = new Policy(em, config);
  return {
    campaigns: new CampaignService(em, policy),
    campaignSummaries: new CampaignSummaryService(em, policy),
    sessions: new SessionService(em, policy, storageFor(config)),
    processing: new SessionProcessingService(em, policy),
    shares: new ShareService(em, policy),
  };
}
