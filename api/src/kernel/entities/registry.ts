import { ApiToken } from './api-token.entity';
import { Login } from './login.entity';
import { User } from './user.entity';
import { NewsletterSubscriber } from './newsletter-subscriber.entity';
import { UsageRecord } from './usage-record.entity';
import { Campaign } from './campaign.entity';
import { CampaignSummary } from './campaign-summary.entity';
import { Session } from './session.entity';
import { CampaignShare } from './campaign-share.entity';
import { SessionChunk } from './session-chunk.entity';
import { TranscriptSegment } from './transcript-segment.entity';
import { StripeEvent } from './stripe-event.entity';
import { Recording, RecordingPart, RecordingSegment } from './recording.entity';
import { CampaignSpeaker } from './speaker.entity';

/** Every entity, listed rather than discovered by glob so src (tests) and dist (start) behave alike. */
export const entities = [
  User,
  Login,
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
