import type { GraphQLSchema } from 'graphql';
import { buildSchema, type NonEmptyArray, type PubSub } from 'type-graphql';
import { LocalPubSub } from './graphql/pubsub';
import { AccountResolver } from './modules/accounts/account.resolver';
import { ApiTokenResolver } from './modules/accounts/api-token.resolver';
import { PasswordResetResolver } from './modules/accounts/password-reset.resolver';
import { NewsletterResolver } from './modules/newsletter/newsletter.resolver';
import { PlanResolver } from './modules/plans/plan.resolver';
import { CampaignResolver } from './modules/campaigns/campaign.resolver';
import { SessionResolver } from './modules/sessions/session.resolver';
import { SessionAudioResolver } from './modules/sessions/session-audio.resolver';
import { SessionProcessingResolver } from './modules/sessions/session-processing.resolver';
import { ShareResolver } from './modules/sharing/share.resolver';
import { TranscriptLineResolver } from './modules/transcripts/transcript-line.resolver';
import { UploadResolver } from './modules/uploads/upload.resolver';
import { ImportResolver } from './modules/imports/import.resolver';
import { QaResolver } from './modules/qa/qa.resolver';
import { RecordingResolver } from './modules/recordings/recording.resolver';
import { BillingResolver } from './modules/billing/billing.resolver';
import { CastResolver } from './modules/cast/cast.resolver';
import { VoicesResolver } from './modules/cast/voices.resolver';
import { LineSpeakerResolver } from './modules/transcripts/line-speaker.resolver';
import { CampaignIndexFieldResolver, CampaignIndexResolver } from './modules/campaign-index/campaign-index.resolver';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [
  PlanResolver,
  AccountResolver,
  ApiTokenResolver,
  PasswordResetResolver,
  NewsletterResolver,
  CampaignResolver,
  SessionResolver,
  SessionAudioResolver,
  SessionProcessingResolver,
  ShareResolver,
  TranscriptLineResolver,
  UploadResolver,
  ImportResolver,
  QaResolver,
  RecordingResolver,
  BillingResolver,
  CastResolver,
  VoicesResolver,
  LineSpeakerResolver,
  CampaignIndexFieldResolver,
  CampaignIndexResolver,
];

/** Builds the executable schema from the type-graphql resolvers (also emitted to schema.graphql). */
export function createSchema(pubSub: PubSub = new LocalPubSub()): Promise<GraphQLSchema> {
  return buildSchema({ resolvers, validate: false, emitSchemaFile: false, pubSub });
}
