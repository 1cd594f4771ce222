import { EXPORTS } from './openapi.exports';
import { audioOperation, exportOperation, recordingPartOperation, transcriptExportOperation } from './openapi.media';
import { get, ok, post } from './openapi.operation';
import { CheckoutBody, CheckoutCreated, Received, StripeEventBody } from '../modules/billing/billing.schemas';
import {
  CampaignAndSummary,
  MoveBody,
  NewTextBody,
  NewTitleBody,
  PasswordBody,
  SessionDetails,
} from './campaigns.schemas';
import { Success } from './common.schemas';
import { ImportTranscriptBody, UploadBody, Uploaded } from './media.schemas';
import { Answer, AskQuestionBody } from './qa.schemas';
import { Recording, RecordingList, StartRecordingBody } from '../modules/recordings/recordings.schemas';

/** The session, recording, Q&A and billing calls of docs/product.md#rest-endpoints. */
export const SESSION_OPERATIONS = [
  get('/api/get_session_details/{id}/', {
    summary: 'A session with its status and texts',
    tag: 'sessions',
    ok: ok(SessionDetails),
  }),
  get('/api/get_campaign_and_summary/{sessionId}/', {
    summary: "The session's campaign name and one-line summary",
    tag: 'sessions',
    ok: ok(CampaignAndSummary),
  }),
  audioOperation(),
  post('/api/update_title/{sessionId}/', {
    summary: 'Renames a session (owner)',
    tag: 'sessions',
    ok: ok(Success),
    body: NewTitleBody,
  }),
  post('/api/move_transcript/{sessionId}/', {
    summary: 'Moves a session to another campaign the owner owns',
    tag: 'sessions',
    ok: ok(Success),
    body: MoveBody,
  }),
  post('/api/delete_transcript/{sessionId}/', {
    summary: "Deletes a session (owner, with the owner's password)",
    tag: 'sessions',
    ok: ok(Success),
    body: PasswordBody,
    errors: [429],
    description: 'Wrong passwords count against the same per-account limit as sign-in (429 with Retry-After).',
  }),
  post('/api/update_transcript/{sessionId}/', {
    summary: 'Replaces the full transcript (owner; READY sessions only)',
    tag: 'sessions',
    ok: ok(Success),
    body: NewTextBody,
    errors: [409],
  }),
  post('/api/update_session_summary/{sessionId}/{summaryType}/', {
    summary: 'Replaces one summary of a session (owner; READY sessions only)',
    tag: 'sessions',
    ok: ok(Success),
    body: NewTextBody,
    errors: [409],
    description: 'The spec names this call without a path; this path mirrors update_campaign_summary.',
  }),
  post('/upload/', {
    summary: 'Uploads a session recording to a campaign the caller owns; processing starts in the background',
    tag: 'sessions',
    ok: ok(Uploaded),
    body: UploadBody,
    multipart: true,
    // 429: the user already has UPLOAD_MAX_CONCURRENT_PER_USER uploads in flight.
    errors: [404, 429],
    description:
      'Streams `audio` to storage (under 1 GB: 413 otherwise), checks its type and then its content with ffprobe; ' +
      'a refused upload keeps nothing. 403 QUOTA_EXCEEDED when the monthly audio hours are used up. ' +
      'Progress and the result: GraphQL Subscription.sessionUpdated.',
  }),
  post('/api/import_transcript/', {
    summary:
      'Creates a session from a transcript file in a campaign the caller owns; processing starts in the background',
    tag: 'sessions',
    ok: ok(Uploaded),
    body: ImportTranscriptBody,
    multipart: true,
    errors: [404],
    description:
      'Reads `file` whole (at most 5 MB: 413 otherwise) and refuses, keeping nothing, a file that is empty, binary, not ' +
      'UTF-8, a document rather than a transcript, or has a bad cue time (400, the message says which). No audio ' +
      'hours are charged. Progress and the result: GraphQL Subscription.sessionUpdated.',
  }),
  transcriptExportOperation(),
  ...EXPORTS.map(exportOperation),
  post('/api/recordings/', {
    summary: 'Starts recording in the browser into a campaign the caller owns (the session shows it live)',
    tag: 'recordings',
    ok: ok(Recording),
    body: StartRecordingBody,
    errors: [404],
    description:
      'Then send the audio in numbered parts while recording, and finish. 403 QUOTA_EXCEEDED when the monthly audio ' +
      'hours are used up. Transcribed while it goes on; READY about a minute after finish.',
  }),
  get('/api/recordings/', {
    summary: "The caller's recordings still open for parts (a closed tab left them): resume or finish them",
    tag: 'recordings',
    ok: ok(RecordingList),
  }),
  get('/api/recordings/{recordingId}/', {
    summary: 'Where a recording stands: its segment and the next part number to send (owner)',
    tag: 'recordings',
    ok: ok(Recording),
  }),
  recordingPartOperation(),
  post('/api/recordings/{recordingId}/resume/', {
    summary: 'Goes on recording into the same session after a closed tab: later parts go to a new segment',
    tag: 'recordings',
    ok: ok(Recording),
    errors: [409],
    description: '409 once the recording has been finished (by the owner, or after a long time without parts).',
  }),
  post('/api/recordings/{recordingId}/finish/', {
    summary: 'Stops the recording: what arrived becomes the session; repeating it is harmless',
    tag: 'recordings',
    ok: ok(Recording),
  }),
  post('/api/ask_question/', {
    summary: 'Answers a question from the transcripts of one session or a whole campaign, with citations',
    tag: 'qa',
    ok: ok(Answer),
    body: AskQuestionBody,
    errors: [404],
    description:
      'Needs hasValidAccess (403 FORBIDDEN otherwise). `context` is accepted and ignored: the server retrieves its own ' +
      'evidence within what the caller may read. `found` is false, with no citations, when nothing relevant was found.',
  }),
  post('/api/create_checkout_session/', {
    summary: 'Starts buying a plan: Stripe Checkout, or in self-hosted mode the plan applied at once',
    tag: 'billing',
    ok: ok(CheckoutCreated),
    body: CheckoutBody,
    errors: [409, 503],
    description:
      'With BILLING_MODE=stripe: a Stripe Checkout Session for the plan and cycle (the browser goes to `url`); the plan ' +
      'applies when Stripe reports the payment (POST /api/stripe/webhook). Self-hosted: the plan applies now and `url` ' +
      "is the payment confirmation page. `customerEmail` must be the account's own; Q&A Chatbot Access is monthly " +
      'only. 409 for an account that already has a subscription (it changes plans in the billing portal); 503 ' +
      '"Failed to create checkout session" when Stripe cannot be reached.',
  }),
  post('/api/stripe/webhook', {
    summary: "Stripe's webhook events: the account's plan follows its subscription",
    tag: 'billing',
    ok: ok(Received),
    body: StripeEventBody,
    signedIn: false,
    csrf: false,
    errors: [404],
    description:
      'Called by Stripe, not by browsers: no session, no CSRF token. The `Stripe-Signature` header must sign the raw ' +
      'body with STRIPE_WEBHOOK_SECRET and be at most 5 minutes old (400 otherwise). Applies checkout.session.completed, ' +
      'customer.subscription.created/updated/deleted, invoice.paid and invoice.payment_failed, each event id once; other ' +
      'events are acknowledged and ignored. 404 when BILLING_MODE is not stripe.',
  }),
];
