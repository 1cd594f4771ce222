import type { CampaignSummaryType, SessionContentField } from '../../gql/graphql';

/** The four views of docs/product.md#routes, in button order. */
export const VIEW_KINDS = ['brief', 'moderate', 'detailed', 'full'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

export const VIEW_LABELS: Record<ViewKind, string> = {
  brief: 'Brief Summary',
  moderate: 'Moderate Summary',
  detailed: 'Detailed Summary',
  full: 'Full Transcript',
};

/** What a phone's one row of view buttons shows; the whole label stays each button's name. */
export const VIEW_SHORT_LABELS: Record<ViewKind, string> = {
  brief: 'Brief',
  moderate: 'Moderate',
  detailed: 'Detailed',
  full: 'Transcript',
};

export const SESSION_FIELDS: Record<ViewKind, SessionContentField> = {
  brief: 'BRIEF_SUMMARY',
  moderate: 'MODERATE_SUMMARY',
  detailed: 'DETAILED_SUMMARY',
  full: 'FULL_TRANSCRIPT',
};

export const CAMPAIGN_TYPES: Record<ViewKind, CampaignSummaryType> = {
  brief: 'BRIEF',
  moderate: 'MODERATE',
  detailed: 'DETAILED',
  full: 'FULL',
};

export type Texts = Record<ViewKind, string>;

export const EMPTY_TEXTS: Texts = { brief: '', moderate: '', detailed: '', full: '' };
