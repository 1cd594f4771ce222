import { z } from 'zod';
import { parseInput, visible } from '../../kernel/validation';
import { CAMPAIGN_TITLE_MAX } from '../../kernel/entities/campaign.entity';
import { CampaignSummaryType } from '../../kernel/entities/campaign-summary.entity';

/** Wording of docs/campaigns-contract.md (docs/product.md#messages where it names one); the web shows these as they are. */
export const CAMPAIGN_MESSAGES = {
  campaignCreated: 'Campaign created successfully',
  campaignRenamed: 'Campaign renamed successfully',
  campaignDeleted: 'Campaign deleted successfully',
  sessionRenamed: 'Session renamed successfully',
  sessionMoved: 'Session moved successfully',
  sessionDeleted: 'Session deleted successfully',
  contentUpdated: 'Content updated successfully',
  shareRemoved: 'Shared campaign removed',
  shareRevoked: 'Share removed',
  campaignNameRequired: 'Please enter a campaign name',
  nameInvalid: 'Please enter a valid name',
  nameTooLong: `Name must be at most ${CAMPAIGN_TITLE_MAX} characters`,
  campaignRequired: 'Please select a campaign',
  campaignHasSessions: 'This campaign still has sessions. Move or delete them before deleting the campaign.',
  shareWithSelf: 'You cannot share a campaign with yourself',
  summaryTypeUnknown: 'Unknown summary type',
  textRequired: 'new_text must be a string',
} as const;

/** A campaign or session name: trimmed, non-blank, at most 200 characters. */
export const nameSchema = (blank: string) =>
  z
    .string({ error: blank })
    .trim()
    .refine(visible, blank)
    .max(CAMPAIGN_TITLE_MAX, CAMPAIGN_MESSAGES.nameTooLong)
    .prefault('');

/** Edited content is stored exactly as sent (it may hold HTML), so no trimming; 1 MB bodies bound it. */
export const contentSchema = z.string({ error: CAMPAIGN_MESSAGES.textRequired });

/** The REST names of the four summaries (docs/product.md#plans-and-limits) and the campaign summary kind each is. */
export const SUMMARY_TYPE_BY_NAME = {
  briefSummary: CampaignSummaryType.BRIEF,
  moderateSummary: CampaignSummaryType.MODERATE,
  detailedSummary: CampaignSummaryType.DETAILED,
  fullTranscript: CampaignSummaryType.FULL,
} as const;

export type SummaryName = keyof typeof SUMMARY_TYPE_BY_NAME;
export const SUMMARY_NAMES = Object.keys(SUMMARY_TYPE_BY_NAME) as SummaryName[];

export function isSummaryName(value: unknown): value is SummaryName {
  return typeof value === 'string' && Object.hasOwn(SUMMARY_TYPE_BY_NAME, value);
}

/** Parses one value so that a refusal names its field (the GraphQL argument name) for the form. */
export function parseField<S extends z.ZodType>(field: string, schema: S, value: unknown): z.infer<S> {
  return parseInput(z.object({ [field]: schema }), { [field]: value })[field] as z.infer<S>;
}
