/**
 * The public entry of modules/campaigns: what the composition root, the transports, the pipeline and
 * other features use of it. Code outside the feature imports this file, never one behind it, except
 * tests and the schema's resolver list (eslint.config.mjs).
 */
export type { CampaignView } from './campaign-list';
export { CampaignSummaryService } from './campaign-summary.service';
export {
  CAMPAIGN_MESSAGES,
  contentSchema,
  isSummaryName,
  nameSchema,
  parseField,
  type SummaryName,
} from './campaign.schemas';
export { CampaignService } from './campaign.service';
export { campaignVocabulary, type LearnedVocabulary } from './campaign-vocabulary';
export { SharedCampaign } from './campaign.type';
export { LONG_SESSION_FIELDS, type SessionListItem } from './session-list';
