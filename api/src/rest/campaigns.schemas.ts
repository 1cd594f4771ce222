import { z } from 'zod';
import { CampaignSummaryType } from '../kernel/entities/campaign-summary.entity';
import { CAMPAIGN_TITLE_MAX } from '../kernel/entities/campaign.entity';
import { SessionStatus } from '../kernel/entities/session.entity';
import { dateTime, uuid } from './common.schemas';

// The campaign, session and sharing shapes (campaigns/sessions/shares.routes.ts, campaign.views.ts).

const str = z.string();
/** The limit the campaign service checks (campaign.schemas.ts), with its own messages. */
const title = z.string().min(1).max(CAMPAIGN_TITLE_MAX);

const summaryTexts = z.object({
  briefSummary: z.string().meta({ description: 'Stored exactly as sent; may hold HTML' }),
  moderateSummary: str,
  detailedSummary: str,
  fullTranscript: str,
});
/** `{summaryType}` of the summary update paths: one of the texts above. */
export const SummaryType = z.enum(Object.keys(summaryTexts.shape) as [keyof typeof summaryTexts.shape]);

const role = z.enum(['OWNER', 'RECIPIENT']).meta({ description: "The caller's relation to the campaign" });

export const CampaignEntry = z
  .strictObject({ id: uuid, title: str, created_at: dateTime, lastEdited: dateTime })
  .meta({ id: 'CampaignEntry' });
export const CampaignList = z.strictObject({ campaigns: z.array(CampaignEntry) }).meta({ id: 'CampaignList' });
export const CampaignCreated = z
  .strictObject({ success: z.literal(true), message: str, campaign_id: uuid })
  .meta({ id: 'CampaignCreated' });
export const TranscriptEntry = z
  .strictObject({
    id: uuid,
    title: str,
    created_at: dateTime,
    status: z.enum(SessionStatus),
    originalFileName: str,
  })
  .meta({ id: 'TranscriptEntry' });
export const CampaignDetails = z
  .strictObject({ ...CampaignEntry.shape, role, transcripts: z.array(TranscriptEntry) })
  .meta({ id: 'CampaignDetails' });
export const CampaignSummaries = z
  .strictObject({
    ...summaryTexts.shape,
    summaries: z
      .array(z.strictObject({ id: uuid, type: z.enum(CampaignSummaryType), updated_at: dateTime }))
      .meta({ description: 'The summary rows written so far; `id` is the summaryId of update_summary' }),
  })
  .meta({ id: 'CampaignSummaries' });
const RecapSentence = z
  .strictObject({ text: z.string(), lineIds: z.array(uuid), startMs: z.number() })
  .meta({ id: 'RecapSentence' });
const Recap = z
  .strictObject({
    scenes: z.array(
      z.strictObject({
        title: z.string(),
        startMs: z.number(),
        endMs: z.number(),
        where: z.array(z.string()),
        people: z.array(z.string()),
        met: z.array(z.string()),
        happened: z.array(RecapSentence),
        found: z.array(RecapSentence),
        main: z.boolean(),
      }),
    ),
    threads: z.array(RecapSentence),
  })
  .meta({ id: 'Recap' });
export const SessionDetails = z
  .strictObject({
    ...TranscriptEntry.shape,
    campaign_id: uuid,
    role,
    stage: z.string().nullable(),
    progress: z.number().min(0).max(1),
    failureReason: z.string().nullable(),
    ...summaryTexts.shape,
    recap: Recap.nullable().meta({
      description: 'The night as scenes, each sentence with its lines; null before the first summaries',
    }),
  })
  .meta({ id: 'SessionDetails' });
export const CampaignAndSummary = z
  .strictObject({ campaign_name: str, summary_very_short: str })
  .meta({ id: 'CampaignAndSummary' });

export const SharedCampaignList = z
  .strictObject({
    shared_campaigns: z.array(
      z.strictObject({ campaign_id: uuid, campaign_name: str, share_id: uuid, lastEdited: dateTime }),
    ),
  })
  .meta({ id: 'SharedCampaignList' });
export const Shared = z.strictObject({ success: z.literal(true), message: str, share_id: uuid }).meta({ id: 'Shared' });
export const CampaignShareList = z
  .strictObject({
    shares: z.array(
      z.strictObject({
        share_id: uuid,
        recipient_email: str,
        shared_at: dateTime,
        seen_at: dateTime.nullable().meta({ description: 'When the recipient first opened it' }),
      }),
    ),
  })
  .meta({ id: 'CampaignShareList' });

export const CreateCampaignBody = z.strictObject({ campaign_name: title }).meta({ id: 'CreateCampaignBody' });
export const NewTitleBody = z.strictObject({ new_title: title }).meta({ id: 'NewTitleBody' });
export const NewTextBody = z
  .strictObject({
    new_text: z.string().meta({ description: 'Stored exactly as sent (may hold HTML); up to 1 MB of JSON' }),
  })
  .meta({ id: 'NewTextBody' });
export const PasswordBody = z.strictObject({ password: z.string().min(1).max(256) }).meta({ id: 'PasswordBody' });
export const ShareBody = z
  .strictObject({ campaign_id: uuid, recipient_email: z.email().max(254) })
  .meta({ id: 'ShareBody' });
export const MoveBody = z.strictObject({ new_campaign_id: uuid }).meta({ id: 'MoveBody' });
