import type { EntityManager } from '@mikro-orm/postgresql';
import { AccountService } from './modules/accounts/account.service';
import { ApiTokenService } from './modules/accounts/api-token.service';
import { PasswordConfirmation } from './modules/accounts/password-confirmation';
import { PasswordResetService } from './modules/accounts/password-reset.service';
import { NewsletterService } from './modules/newsletter/newsletter.service';
import { PlanService } from './modules/plans/plan.service';
import { CampaignService } from './modules/campaigns/campaign.service';
import { CampaignSummaryService } from './modules/campaigns/campaign-summary.service';
import { SessionService } from './modules/sessions/session.service';
import { SessionAudioService } from './modules/sessions/session-audio.service';
import { SessionProcessingService } from './modules/sessions/session-processing.service';
import { ShareService } from './modules/sharing/share.service';
import { TranscriptLineService } from './modules/transcripts/transcript-line.service';
import { announcePlayersAudio } from './modules/sessions/players-audio';
import { UploadService } from './modules/uploads/upload.service';
import { ImportService } from './modules/imports/import.service';
import { TranscriptExportService } from './modules/imports/transcript-export.service';
import { UsageService } from './modules/usage/usage.service';
import { QaService } from './modules/qa/qa.service';
import { RecordingService } from './modules/recordings/recording.service';
import { CheckoutService } from './modules/billing/checkout.service';
import { StripeWebhookService } from './modules/billing/stripe-webhook.service';
import { BillingPortalService } from './modules/billing/billing-portal.service';
import { CastService } from './modules/cast/cast.service';
import { CampaignIndexService } from './modules/campaign-index/campaign-index.service';
import { CampaignExportService } from './modules/exports/campaign-export.service';
import { Policy } from './policy/policy';
import type { Platform } from './platform';

/** The service layer of one request, around its entity manager; GraphQL and REST share it. */
export interface Services {
  plans: PlanService;
  campaigns: CampaignService;
  campaignSummaries: CampaignSummaryService;
  sessions: SessionService;
  audio: SessionAudioService;
  processing: SessionProcessingService;
  shares: ShareService;
  transcriptLines: TranscriptLineService;
  uploads: UploadService;
  imports: ImportService;
  transcriptExports: TranscriptExportService;
  recordings: RecordingService;
  accounts: AccountService;
  apiTokens: ApiTokenService;
  passwordReset: PasswordResetService;
  newsletter: NewsletterService;
  usage: UsageService;
  qa: QaService;
  checkout: CheckoutService;
  stripeWebhooks: StripeWebhookService;
  billingPortal: BillingPortalService;
  cast: CastService;
  campaignIndex: CampaignIndexService;
  exports: CampaignExportService;
}

/**
 * The one place services are built (http/services.middleware.ts calls it once per request, the
 * WebSocket context once per operation). Every access decision goes through one Policy.
 */
export function createServices(em: EntityManager, platform: Platform): Services {
  const { config, storage, workflows, updates } = platform;
  const policy = new Policy(em);
  const passwords = new PasswordConfirmation(em, config);
  const plans = new PlanService(config);
  const usage = new UsageService(em, plans);
  const accounts = new AccountService(em, config, plans);
  const campaignIndex = new CampaignIndexService(em, policy);
  return {
    plans,
    accounts,
    usage,
    apiTokens: new ApiTokenService(em),
    passwordReset: new PasswordResetService(em, config, platform.mailer),
    newsletter: new NewsletterService(em, config),
    campaigns: new CampaignService(em, policy, passwords),
    campaignSummaries: new CampaignSummaryService(em, policy),
    sessions: new SessionService(em, policy, storage, passwords, workflows),
    audio: new SessionAudioService(em, policy, storage, updates),
    processing: new SessionProcessingService(em, policy, workflows, updates),
    shares: new ShareService(em, policy, platform.mailer, config),
    transcriptLines: new TranscriptLineService(em, policy, workflows, announcePlayersAudio),
    uploads: new UploadService(em, config, { storage, workflows }, policy, usage),
    imports: new ImportService(em, policy, workflows),
    transcriptExports: new TranscriptExportService(em, policy),
    recordings: new RecordingService(em, config, { storage, workflows }, policy, usage),
    qa: new QaService(em, policy, accounts, platform.answerer),
    checkout: new CheckoutService(em, config, plans, accounts, platform.stripe),
    stripeWebhooks: new StripeWebhookService(em, config, plans, platform.stripe),
    billingPortal: new BillingPortalService(config, platform.stripe),
    cast: new CastService(em, policy, updates),
    campaignIndex,
    exports: new CampaignExportService(em, policy, campaignIndex),
  };
}
