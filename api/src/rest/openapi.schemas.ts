import { ACCOUNT_FIELDS } from '../modules/accounts/account.schemas';
import { HTTP_STATUS } from '../kernel/errors';
import { SessionStatus } from '../kernel/entities/session.entity';
import { CampaignSummaryType } from '../kernel/entities/campaign-summary.entity';
import { CAMPAIGN_TITLE_MAX } from '../kernel/entities/campaign.entity';
import { QUESTION_MAX } from '../modules/qa/qa.service';
import { PLAN_IDS } from '../modules/plans/plan.catalogue';

/** JSON Schema (2020-12, as OpenAPI 3.1 uses it) of the REST bodies; `additionalProperties: false` keeps them exact. */
type Schema = Record<string, unknown>;

const str: Schema = { type: 'string' };
const uuid: Schema = { type: 'string', format: 'uuid' };
const dateTime: Schema = { type: 'string', format: 'date-time' };
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
/*
 * The limits of the services' validation (account.schemas.ts, campaign.schemas.ts, qa.service.ts),
 * stated so that clients, and the fuzzer of api/test/openapi-fuzz.test.ts, send what can pass.
 * Blank after trimming and the password's letter-and-number rule are refused too (400).
 */
const email: Schema = { type: 'string', format: 'email', maxLength: 254 };
const newPassword: Schema = {
  type: 'string',
  minLength: 8,
  maxLength: 256,
  description: 'At least 8 characters with a letter and a number',
};
const password: Schema = { type: 'string', minLength: 1, maxLength: 256 };
const personName: Schema = { type: 'string', minLength: 1, maxLength: 100 };
const title: Schema = { type: 'string', minLength: 1, maxLength: CAMPAIGN_TITLE_MAX };
const question: Schema = { type: 'string', minLength: 1, maxLength: QUESTION_MAX };

/** An object whose listed properties are all required unless named in `optional`. */
export function obj(properties: Record<string, Schema>, optional: string[] = []): Schema {
  const required = Object.keys(properties).filter((k) => !optional.includes(k));
  return { type: 'object', properties, required, additionalProperties: false };
}

const summaryTexts = {
  briefSummary: { ...str, description: 'Stored exactly as sent; may hold HTML' },
  moderateSummary: str,
  detailedSummary: str,
  fullTranscript: str,
};

const campaignEntry = { id: uuid, title: str, created_at: dateTime, lastEdited: dateTime };

const transcriptEntry = {
  id: uuid,
  title: str,
  created_at: dateTime,
  status: { type: 'string', enum: Object.values(SessionStatus) },
  originalFileName: str,
};

const role: Schema = {
  type: 'string',
  enum: ['OWNER', 'RECIPIENT'],
  description: "The caller's relation to the campaign",
};

const check = obj({ ok: { type: 'boolean' }, error: str }, ['error']);

export const schemas: Record<string, Schema> = {
  Error: {
    ...obj({ error: str, code: { type: 'string', enum: Object.keys(HTTP_STATUS) }, field: str }, ['field']),
    description: 'Every failure: `error` is the user-facing text, `field` names the input at fault',
  },
  Success: obj({ success: { const: true }, message: str }),
  SuccessOnly: obj({ success: { const: true } }),
  CsrfToken: obj({ csrfToken: str }),
  Health: obj({ status: { type: 'string', enum: ['ok', 'unavailable'] }, database: check, temporal: check }),
  AccountInfo: obj({
    firstName: str,
    lastName: str,
    email: str,
    preferredName: { type: ['string', 'null'] },
    language_code: str,
    hasStripeSubscription: { type: 'boolean' },
    hasValidAccess: { type: 'boolean' },
    usageInfo: obj({
      upload_limit: { type: 'number', description: 'hours' },
      used_time: { type: 'number', description: 'hours' },
      remaining_time: { type: 'number', description: 'hours' },
      can_upload: { type: 'boolean' },
    }),
  }),
  CampaignEntry: obj(campaignEntry),
  CampaignList: obj({ campaigns: { type: 'array', items: ref('CampaignEntry') } }),
  CampaignCreated: obj({ success: { const: true }, message: str, campaign_id: uuid }),
  TranscriptEntry: obj(transcriptEntry),
  CampaignDetails: obj({ ...campaignEntry, role, transcripts: { type: 'array', items: ref('TranscriptEntry') } }),
  CampaignSummaries: obj({
    ...summaryTexts,
    summaries: {
      type: 'array',
      description: 'The summary rows written so far; `id` is the summaryId of update_summary',
      items: obj({
        id: uuid,
        type: { type: 'string', enum: Object.values(CampaignSummaryType) },
        updated_at: dateTime,
      }),
    },
  }),
  SharedCampaignList: obj({
    shared_campaigns: {
      type: 'array',
      items: obj({ campaign_id: uuid, campaign_name: str, share_id: uuid, lastEdited: dateTime }),
    },
  }),
  Shared: obj({ success: { const: true }, message: str, share_id: uuid }),
  CampaignShareList: obj({
    shares: {
      type: 'array',
      items: obj({
        share_id: uuid,
        recipient_email: str,
        shared_at: dateTime,
        seen_at: { type: ['string', 'null'], format: 'date-time', description: 'When the recipient first opened it' },
      }),
    },
  }),
  SessionDetails: obj({
    ...transcriptEntry,
    campaign_id: uuid,
    role,
    stage: { type: ['string', 'null'] },
    progress: { type: 'number', minimum: 0, maximum: 1 },
    failureReason: { type: ['string', 'null'] },
    ...summaryTexts,
  }),
  CampaignAndSummary: obj({ campaign_name: str, summary_very_short: str }),
  Uploaded: obj({ redirect_url: str, transcript_id: uuid }),
  Answer: obj({
    answer: str,
    found: { type: 'boolean' },
    citations: {
      type: 'array',
      items: obj({
        session_id: uuid,
        session_title: str,
        start_ms: { type: 'integer', minimum: 0 },
        end_ms: { type: 'integer', minimum: 0 },
        quote: str,
      }),
    },
  }),
  Received: obj({ received: { const: true } }),
  CheckoutSession: obj({
    sessionId: { type: ['string', 'null'], description: 'Stripe Checkout Session id; null in self-hosted mode' },
    url: { ...str, description: "Stripe's hosted checkout page, or the payment confirmation page when self-hosted" },
  }),
};

/** Request bodies, by the spec's payload names. */
export const bodies: Record<string, Schema> = {
  Register: obj(
    {
      first_name: personName,
      last_name: personName,
      email,
      password: newPassword,
      password_confirm: password,
      preferred_name: { type: 'string', maxLength: 100 },
    },
    ['preferred_name'],
  ),
  Login: obj({ email, password }),
  Email: obj({ email }),
  UpdateField: obj({
    field: {
      type: 'string',
      enum: Object.keys(ACCOUNT_FIELDS).map((k) => (k === 'languageCode' ? 'language_code' : k)),
    },
    value: str,
  }),
  UpdatePassword: obj({ currentPassword: password, newPassword, confirmPassword: password }),
  ResetPassword: obj({
    token: { type: 'string', minLength: 1, maxLength: 200, description: "The `token` of the mailed link's query" },
    password: newPassword,
    password_confirm: password,
  }),
  CreateCampaign: obj({ campaign_name: title }),
  NewTitle: obj({ new_title: title }),
  NewText: obj({ new_text: { ...str, description: 'Stored exactly as sent (may hold HTML); up to 1 MB of JSON' } }),
  Password: obj({ password }),
  Share: obj({ campaign_id: uuid, recipient_email: email }),
  Move: obj({ new_campaign_id: uuid }),
  Upload: obj(
    {
      audio: { type: 'string', contentMediaType: 'application/octet-stream' },
      campaign_id: uuid,
      title: { ...title, description: 'The session title; default: the file name without its extension' },
      played_on: { type: 'string', format: 'date', description: 'The day it was played, 1970 to today; default today' },
    },
    ['title', 'played_on'],
  ),
  Checkout: obj({
    planId: { type: 'string', enum: PLAN_IDS.filter((id) => id !== 'free') },
    billingCycle: { type: 'string', enum: ['monthly', 'annual'] },
    customerEmail: { ...str, description: "The signed-in account's e-mail address" },
  }),
  StripeEvent: {
    type: 'object',
    description: 'A Stripe event exactly as Stripe sends it (the signature covers these bytes)',
    properties: {
      id: str,
      object: { const: 'event' },
      type: str,
      created: { type: 'integer' },
      data: { type: 'object' },
    },
    required: ['id', 'type'],
  },
  AskQuestion: {
    oneOf: [
      obj({ transcript_id: uuid, question }),
      obj({ campaign_id: uuid, question, context: { ...str, description: 'A hint only; ignored' } }, ['context']),
    ],
  },
};
