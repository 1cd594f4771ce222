import type { EntityManager } from '@mikro-orm/postgresql';
import { AccountService, ApiTokenService, PasswordConfirmation, PasswordResetService } from './modules/accounts';
import { NewsletterService } from './modules/newsletter';
import { PlanService } from './modules/plans';
import { CampaignService, CampaignSummaryService, campaignVocabulary } from './modules/campaigns';
import {
  SessionService,
  SessionAudioService,
  SessionProcessingService,
  announcePlayersAudio,
  SessionStateService,
  playersAudio,
} from './modules/sessions';
import { ShareService } from './modules/sharing';
import {
  TranscriptLineService,
  ChunkService,
  TranscriptService,
  TableTalkCorrectionService,
  requestSummaryRefresh,
} from './modules/transcripts';
import { UploadService } from './modules/uploads';
import { ImportService, importedFrom, speakersOfLines } from './modules/imports';
import { UsageService } from './modules/usage';
import { QaService } from './modules/qa';
import { RecordingService, RecordingStore } from './modules/recordings';
import { CheckoutService, StripeWebhookService, BillingPortalService } from './modules/billing';
import { CastService, VoicePrintStore, VoiceService, addToCast } from './modules/cast';
import { CampaignIndexService, CampaignMemoryService } from './modules/campaign-index';
import { CampaignExportService, TranscriptExportService } from './modules/exports';
import type { WorkerServices } from './processing';
import type { WorkerParts } from './worker/worker';
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
  voices: VoiceService;
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
  const transcripts = new TranscriptService(em);
  const campaignSummaries = new CampaignSummaryService(em, policy, transcripts);
  return {
    plans,
    accounts,
    usage,
    apiTokens: new ApiTokenService(em),
    passwordReset: new PasswordResetService(em, config, platform.mailer),
    newsletter: new NewsletterService(em, config),
    campaigns: new CampaignService(em, policy, passwords),
    campaignSummaries,
    sessions: new SessionService(em, policy, storage, passwords, workflows, transcripts, campaignSummaries),
    audio: new SessionAudioService(em, policy, storage, updates),
    processing: new SessionProcessingService(em, policy, workflows, updates),
    shares: new ShareService(em, policy, platform.mailer, config),
    transcriptLines: new TranscriptLineService(em, policy, workflows, announcePlayersAudio, {
      transcripts,
      corrections: new TableTalkCorrectionService(em),
    }),
    uploads: new UploadService(em, config, { storage, workflows }, policy, usage),
    imports: new ImportService(em, policy, workflows, transcripts),
    transcriptExports: new TranscriptExportService(em, policy),
    recordings: new RecordingService(em, config, { storage, workflows }, policy, usage, new RecordingStore(em)),
    qa: new QaService(em, policy, accounts, platform.answerer),
    checkout: new CheckoutService(em, config, plans, accounts, platform.stripe),
    stripeWebhooks: new StripeWebhookService(em, config, plans, platform.stripe),
    billingPortal: new BillingPortalService(config, platform.stripe),
    cast: new CastService(em, policy, updates, (sessionId) => requestSummaryRefresh(workflows, sessionId)),
    voices: new VoiceService(em, policy),
    campaignIndex,
    exports: new CampaignExportService(em, policy, campaignIndex),
  };
}

/**
 * The services of one pipeline activity run, around its own entity manager: the worker's side of the
 * one composition root (the same services and policy as a request's, plus the pipeline's writers).
 */
export function createWorkerServices(em: EntityManager, worker: WorkerParts): WorkerServices {
  const policy = new Policy(em);
  const transcripts = new TranscriptService(em);
  return {
    sessionState: new SessionStateService(em, worker.publisher),
    chunks: new ChunkService(em),
    usage: new UsageService(em, new PlanService(worker.config)),
    transcripts,
    tableTalkCorrections: new TableTalkCorrectionService(em),
    campaignSummaries: new CampaignSummaryService(em, policy, transcripts),
    campaignIndex: new CampaignIndexService(em, policy),
    campaignMemory: new CampaignMemoryService(em, worker.engines.memoryWriter),
    recordings: new RecordingStore(em),
    addToCast: (campaignId, labels) => addToCast(em, campaignId, labels),
    voicePrints: new VoicePrintStore(em),
    vocabulary: (sessionId) => campaignVocabulary(em, sessionId),
    importedFrom: (sessionId) => importedFrom(em, sessionId),
    speakersOfLines: (sessionId) => speakersOfLines(em, sessionId),
    playersAudio: (sessionId) => playersAudio(em, sessionId),
    transaction: (work) => em.transactional((tx) => work(createWorkerServices(tx, worker))),
  };
}
