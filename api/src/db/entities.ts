import { ApiToken } from '../modules/accounts/api-token.entity';
import { LoginSession } from '../modules/accounts/login-session.entity';
import { User } from '../modules/accounts/user.entity';
import { NewsletterSubscriber } from '../modules/newsletter/newsletter-subscriber.entity';
import { UsageRecord } from '../modules/usage/usage-record.entity';
import { Campaign } from '../modules/campaigns/campaign.entity';
import { CampaignSummary } from '../modules/campaigns/campaign-summary.entity';
import { Session } from '../modules/sessions/session.entity';
import { CampaignShare } from '../modules/sharing/campaign-share.entity';
import { SessionChunk } from '../modules/transcripts/session-chunk.entity';
import { TranscriptSegment } from '../modules/transcripts/transcript-segment.entity';
import { StripeEvent } from '../modules/billing/stripe-event.entity';
import { Recording, RecordingPart, RecordingSegment } from '../modules/recordings/recording.entity';
import { CampaignSpeaker } from '../modules/cast/speaker.entity';

/** Every entity, listed rather than discovered by glob so src (tests) and dist (start) behave alike. */
export const entities = [
  User,
  LoginSession,
  ApiToken,
  NewsletterSubscriber,
  UsageRecord,
  Campaign,
  Session,
  CampaignSummary,
  CampaignShare,
  SessionChunk,
  TranscriptSegment,
  StripeEvent,
  Recording,
  RecordingSegment,
  RecordingPart,
  CampaignSpeaker,
];
