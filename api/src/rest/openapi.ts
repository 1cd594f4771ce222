import { EXPORTS } from './openapi.exports';
import { importBodies, TRANSCRIPT_EXPORT, TRANSCRIPT_FILES } from './openapi.imports';
import { recordingBodies, recordingSchemas } from './openapi.recordings';
import { bodies, schemas } from './openapi.schemas';

/**
 * The OpenAPI 3.1 description of every REST shim (spec section 7), served at GET /openapi.json.
 * It is code, not a file, so it shares enums with the api; openapi.test.ts keeps it true by checking
 * real responses of every operation against it.
 */

type Status = 200 | 201 | 400 | 401 | 403 | 404 | 409 | 413 | 416 | 429 | 503;

interface OpSpec {
  summary: string;
  tag: string;
  ok: [Status, string];
  /** Request body schema name (bodies); absent for calls without a body. */
  body?: string;
  /** The body is multipart/form-data (file uploads) rather than JSON. */
  multipart?: boolean;
  /** Error statuses beyond the ones every call of its kind can answer (401 signed out, 400/403/413 on POST). */
  errors?: Status[];
  signedIn?: boolean;
  /** False for a POST whose caller proves itself otherwise (Stripe's signature), so no 403 for a missing token. */
  csrf?: boolean;
  description?: string;
}

const ERROR_TEXT: Record<Exclude<Status, 200 | 201>, string> = {
  400: 'Invalid input, malformed JSON, or a control character in the path or body (`field` names the input at fault)',
  401: 'Not signed in (or wrong credentials on login)',
  403:
    'CSRF token missing or invalid (CSRF_FAILED), or a read-only recipient or a read-scope API token tried to change ' +
    'something (FORBIDDEN)',
  404: 'Not found — the same answer for ids that do not exist and ids the caller may not see',
  409: 'Conflicts with the current state (see the message)',
  413: 'Request body too large',
  416: 'The Range asks for bytes past the end of the file; Content-Range gives its size (`bytes */<size>`)',
  429: 'Too many attempts; see Retry-After',
  503: 'A dependency is down',
};

const json = (schema: unknown) => ({ 'application/json': { schema } });
const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function operation(method: 'get' | 'post', path: string, spec: OpSpec) {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema:
      name === 'summaryType'
        ? { type: 'string', enum: ['briefSummary', 'moderateSummary', 'detailedSummary', 'fullTranscript'] }
        : { type: 'string' },
  }));
  const signedIn = spec.signedIn ?? true;
  const statuses = new Set<Status>(spec.errors ?? []);
  if (signedIn) statuses.add(401);
  if (method === 'post') [400, 413, ...(spec.csrf === false ? [] : [403])].forEach((s) => statuses.add(s as Status));
  // A path segment holding a control character is refused at the edge (400) before any route reads it.
  if (params.length) [400, 404].forEach((s) => statuses.add(s as Status));
  const responses: Record<string, unknown> = {
    [spec.ok[0]]: { description: 'Success', content: json(schemaRef(spec.ok[1])) },
  };
  for (const status of [...statuses].sort()) {
    responses[status] =
      path === '/healthz'
        ? { description: ERROR_TEXT[503], content: json(schemaRef('Health')) }
        : { $ref: `#/components/responses/E${status}` };
  }
  return {
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    operationId: `${method}_${path.replace(/[^a-z_-]+/gi, '_').replace(/^_|_$/g, '')}`,
    ...(params.length ? { parameters: params } : {}),
    ...(spec.body ? { requestBody: { required: true, content: requestContent(spec) } } : {}),
    ...(signedIn ? { security: [{ session: [], csrf: [] }, { bearer: [] }] } : { security: [] }),
    responses,
  };
}

function requestContent(spec: OpSpec) {
  const schema = schemaRef(`${spec.body}Body`);
  return spec.multipart ? { 'multipart/form-data': { schema } } : json(schema);
}

const get = (path: string, spec: OpSpec) => [path, 'get', operation('get', path, spec)] as const;
const post = (path: string, spec: OpSpec) => [path, 'post', operation('post', path, spec)] as const;
const ok = (name = 'Success'): [Status, string] => [200, name];

/** Media types the recording may be served as: the rendition (audio/mp4) or the upload's own. */
const AUDIO_BYTES = Object.fromEntries(
  ['audio/*', 'video/*', 'application/octet-stream'].map((type) => [type, { schema: { type: 'string' } }]),
);
const header = (name: string, description: string) => ({
  name,
  in: 'header',
  required: false,
  schema: { type: 'string' },
  description,
});

/** The player's stream answers with audio bytes, 206 and 304, which `operation` does not describe. */
function audioOperation() {
  const path = '/api/sessions/{sessionId}/audio';
  const base = operation('get', path, {
    summary: "Streams a session's recording (owner and recipients), with HTTP Range",
    tag: 'sessions',
    ok: ok(),
    errors: [409, 416],
    description:
      'The browser-friendly rendition made during processing (AAC in MP4, audio/mp4) when there is one, else the ' +
      'upload as stored. A recipient of a session with GM-only lines gets a copy silent over them (AAC in MP4), ' +
      "made shortly after the marks change, and 409 until it is made. A recipient's GraphQL Session.audioUrl " +
      'carries `v`, the version of the GM-only marks: 409 when it is no longer current (reload the URL). ' +
      '`Accept-Ranges: bytes`; one range per request (several, or a malformed Range, get the whole ' +
      'file); ETag and Last-Modified with If-None-Match / If-Modified-Since (304) and If-Range; ' +
      '`Cache-Control: private, no-store` (no cache may hand it to a later reader). GraphQL Session.audioUrl gives this path. 404 for a session without stored ' +
      'audio, and the very same 404 as a missing session for one the caller may not read. HEAD answers the headers.',
  });
  const { 200: _json, ...errors } = base.responses;
  const length = { 'Content-Length': { schema: { type: 'integer' } }, ETag: { schema: { type: 'string' } } };
  return [
    path,
    'get',
    {
      ...base,
      parameters: [
        ...(base.parameters ?? []),
        {
          name: 'v',
          in: 'query',
          required: false,
          schema: { type: 'string', pattern: '^[0-9a-f]{16}$' },
          description: "A recipient's version of the GM-only marks, from Session.audioUrl; ignored for the owner",
        },
        header('Range', 'One byte range, e.g. `bytes=0-1023`, `bytes=4096-` or `bytes=-500`'),
        header('If-Range', 'The ETag or Last-Modified the range was read from; another answers the whole file'),
        header('If-None-Match', 'An ETag from an earlier answer: 304 while the file is the same'),
      ],
      responses: {
        200: { description: 'The whole recording', headers: length, content: AUDIO_BYTES },
        206: {
          description: 'The bytes the Range asked for',
          headers: { ...length, 'Content-Range': { schema: { type: 'string' } } },
          content: AUDIO_BYTES,
        },
        304: { description: 'Not modified: the file is still the one the validators name' },
        ...errors,
      },
    },
  ] as const;
}

/** A transcript download answers with the file, not JSON; `format` is one of two. */
function transcriptExportOperation() {
  const { path, summary, description, tableTalk, format } = TRANSCRIPT_EXPORT;
  const base = operation('get', path, { summary, description, tag: 'sessions', ok: ok(), errors: [409] });
  const { 200: _json, ...errors } = base.responses;
  const parameters = (base.parameters ?? []).map((p) => (p.name === 'format' ? format : p));
  return [
    path,
    'get',
    {
      ...base,
      parameters: [...parameters, tableTalk],
      responses: { 200: { description: 'The transcript file', content: TRANSCRIPT_FILES }, ...errors },
    },
  ] as const;
}

/** A download answers with its file, not JSON; 409 until there is something to export. */
function exportOperation({ path, summary, description, tag, content }: (typeof EXPORTS)[number]) {
  const base = operation('get', path, { summary, description, tag, ok: ok(), errors: [409] });
  const { 200: _json, ...errors } = base.responses;
  return [path, 'get', { ...base, responses: { 200: { description: 'The file', content }, ...errors } }] as const;
}

/** A part of a recording is raw bytes (a slice of MediaRecorder's stream), not JSON. */
function recordingPartOperation() {
  const path = '/api/recordings/{recordingId}/segments/{segment}/parts/{number}/';
  const base = operation('post', path, {
    summary: 'Stores part `number` (0, 1, 2 …) of a segment of the recording: the bytes MediaRecorder gave',
    tag: 'recordings',
    ok: ok('Recording'),
    errors: [409],
    description:
      'Idempotent by number: a part that arrived before is answered without storing it again. Parts may arrive in ' +
      'any order; `parts_received` counts those without a gap. Part 0 must start an audio container (400 otherwise); ' +
      '413 above RECORDING_PART_MAX_BYTES; 409 once the recording is finished or the segment was closed by a resume.',
  });
  const requestBody = {
    required: true,
    content: {
      'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
    },
  };
  return [path, 'post', { ...base, requestBody }] as const;
}

const OPERATIONS = [
  get('/healthz', {
    summary: 'Liveness: PostgreSQL and Temporal both answer',
    tag: 'platform',
    ok: ok('Health'),
    signedIn: false,
    errors: [503],
  }),
  get('/get-csrf-token/', {
    summary: 'Issues the CSRF token (and its cookie) for the X-CSRFToken header',
    tag: 'platform',
    ok: ok('CsrfToken'),
    signedIn: false,
  }),
  post('/register/', {
    summary: 'Creates the account and signs it in',
    tag: 'accounts',
    ok: [201, 'Success'],
    body: 'Register',
    signedIn: false,
    errors: [409],
  }),
  post('/api/login/', {
    summary: 'Signs in (sets the session cookie)',
    tag: 'accounts',
    ok: ok('SuccessOnly'),
    body: 'Login',
    signedIn: false,
    errors: [401, 429],
  }),
  post('/api/logout/', {
    summary: 'Ends the session and clears the cookies',
    tag: 'accounts',
    ok: ok('SuccessOnly'),
    signedIn: false,
  }),
  get('/api/account-info/', {
    summary: 'The signed-in account; also the signed-in check',
    tag: 'accounts',
    ok: ok('AccountInfo'),
  }),
  post('/api/update-field/', {
    summary: 'Changes one profile field',
    tag: 'accounts',
    ok: ok('SuccessOnly'),
    body: 'UpdateField',
    errors: [409],
  }),
  post('/api/update-password/', {
    summary: "Changes the password; signs out the user's other sessions",
    tag: 'accounts',
    ok: ok(),
    body: 'UpdatePassword',
  }),
  post('/api/request-password-reset/', {
    summary: 'Mails a single-use link (valid an hour) to choose a new password',
    tag: 'accounts',
    ok: ok(),
    body: 'Email',
    signedIn: false,
    errors: [429],
    description:
      'The same answer, at the same speed, whether or not the address has an account; only an account gets a mail. ' +
      'Limited per address and per IP like sign-in (429 with Retry-After). Needs the CSRF token like every form.',
  }),
  post('/api/reset-password/', {
    summary: "Sets a new password with a mailed link's token; ends every session and API token of the account",
    tag: 'accounts',
    ok: ok(),
    body: 'ResetPassword',
    signedIn: false,
    errors: [429],
    description:
      'The sign-up password rules apply. Unknown, used and expired links get one 400 (`field`: token); a used link ' +
      'and every other outstanding link of the account stop working. Sign in with the new password afterwards. ' +
      'Failed tries are limited per IP like sign-in (429).',
  }),
  post('/api/subscribe_email/', {
    summary: 'Newsletter sign-up; a repeat is not an error. Public: no cookies or CSRF token; limited per IP (429)',
    tag: 'accounts',
    ok: ok(),
    body: 'Email',
    signedIn: false,
    csrf: false,
    errors: [429],
  }),
  get('/api/get_campaigns/', {
    summary: "The caller's own campaigns, oldest first",
    tag: 'campaigns',
    ok: ok('CampaignList'),
  }),
  get('/api/get_campaign_details/{id}/', {
    summary: 'A campaign (owned or shared) with its sessions',
    tag: 'campaigns',
    ok: ok('CampaignDetails'),
  }),
  post('/api/create_campaign/', {
    summary: 'Creates a campaign',
    tag: 'campaigns',
    ok: [201, 'CampaignCreated'],
    body: 'CreateCampaign',
  }),
  post('/api/update_campaign_title/{id}/', {
    summary: 'Renames a campaign (owner)',
    tag: 'campaigns',
    ok: ok(),
    body: 'NewTitle',
  }),
  post('/api/delete_campaign/{id}/', {
    summary: "Deletes an empty campaign (owner, with the owner's password)",
    tag: 'campaigns',
    ok: ok(),
    body: 'Password',
    errors: [409, 429],
    description:
      'Refused with 409 while the campaign has sessions; a wrong password is a 400 and changes nothing. ' +
      'Wrong passwords count against the same per-account limit as sign-in (429 with Retry-After).',
  }),
  get('/api/get_campaign_summaries/{id}/', {
    summary: 'Campaign summaries; kinds not written yet read as empty strings',
    tag: 'campaigns',
    ok: ok('CampaignSummaries'),
    description:
      "fullTranscript is the processed sessions' transcripts in play order, each under its title and day, " +
      'as the caller may read them (no GM-only line for a share recipient).',
  }),
  post('/api/update_summary/{campaignId}/{summaryId}/', {
    summary: 'Replaces one campaign summary by its id (owner)',
    tag: 'campaigns',
    ok: ok(),
    body: 'NewText',
  }),
  post('/api/update_campaign_summary/{campaignId}/{summaryType}/', {
    summary: 'Writes the campaign summary of one type (owner); created on first write',
    tag: 'campaigns',
    ok: ok(),
    body: 'NewText',
    description: "fullTranscript is read-only (400): it is the sessions' transcripts, edited in each session.",
  }),
  post('/api/share_campaign/', {
    summary: 'Shares a campaign read-only by e-mail (owner); a repeat is not an error',
    description:
      'A new share e-mails its recipient (or invites an address with no account to sign up). An owner ' +
      'makes at most SHARE_MAX_PER_OWNER_PER_HOUR (100) new shares an hour (429 with Retry-After); repeats are free.',
    tag: 'sharing',
    ok: ok('Shared'),
    body: 'Share',
    errors: [404, 429],
  }),
  get('/api/get_shared_campaigns/', {
    summary: "The caller's 'Shared with me' list",
    tag: 'sharing',
    ok: ok('SharedCampaignList'),
  }),
  get('/api/get_shared_campaign_details/{id}/', {
    summary: 'A shared campaign (by campaign id) with its sessions',
    tag: 'sharing',
    ok: ok('CampaignDetails'),
  }),
  post('/api/remove_shared_campaign/{share_id}/', {
    summary: "Removes a share from the recipient's own list; no body needed",
    tag: 'sharing',
    ok: ok(),
  }),
  get('/api/get_campaign_shares/{campaign_id}/', {
    summary: 'Who a campaign is shared with, oldest first (owner; a recipient reads an empty list)',
    tag: 'sharing',
    ok: ok('CampaignShareList'),
  }),
  post('/api/revoke_share/{share_id}/', {
    summary: "Takes a share back (owner); the recipient's access ends at once; no body needed",
    tag: 'sharing',
    ok: ok(),
    description:
      "The recipient's next read, audio request and live update are refused as for a campaign they never had. " +
      'The recipient and strangers get the very same 404 as a share that does not exist.',
  }),
  get('/api/get_session_details/{id}/', {
    summary: 'A session with its status and texts',
    tag: 'sessions',
    ok: ok('SessionDetails'),
  }),
  get('/api/get_campaign_and_summary/{sessionId}/', {
    summary: "The session's campaign name and one-line summary",
    tag: 'sessions',
    ok: ok('CampaignAndSummary'),
  }),
  audioOperation(),
  post('/api/update_title/{sessionId}/', {
    summary: 'Renames a session (owner)',
    tag: 'sessions',
    ok: ok(),
    body: 'NewTitle',
  }),
  post('/api/move_transcript/{sessionId}/', {
    summary: 'Moves a session to another campaign the owner owns',
    tag: 'sessions',
    ok: ok(),
    body: 'Move',
  }),
  post('/api/delete_transcript/{sessionId}/', {
    summary: "Deletes a session (owner, with the owner's password)",
    tag: 'sessions',
    ok: ok(),
    body: 'Password',
    errors: [429],
    description: 'Wrong passwords count against the same per-account limit as sign-in (429 with Retry-After).',
  }),
  post('/api/update_transcript/{sessionId}/', {
    summary: 'Replaces the full transcript (owner; READY sessions only)',
    tag: 'sessions',
    ok: ok(),
    body: 'NewText',
    errors: [409],
  }),
  post('/api/update_session_summary/{sessionId}/{summaryType}/', {
    summary: 'Replaces one summary of a session (owner; READY sessions only)',
    tag: 'sessions',
    ok: ok(),
    body: 'NewText',
    errors: [409],
    description: 'The spec names this call without a path; this path mirrors update_campaign_summary.',
  }),
  post('/upload/', {
    summary: 'Uploads a session recording to a campaign the caller owns; processing starts in the background',
    tag: 'sessions',
    ok: ok('Uploaded'),
    body: 'Upload',
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
    ok: ok('Uploaded'),
    body: 'ImportTranscript',
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
    ok: ok('Recording'),
    body: 'StartRecording',
    errors: [404],
    description:
      'Then send the audio in numbered parts while recording, and finish. 403 QUOTA_EXCEEDED when the monthly audio ' +
      'hours are used up. Transcribed while it goes on; READY about a minute after finish.',
  }),
  get('/api/recordings/', {
    summary: "The caller's recordings still open for parts (a closed tab left them): resume or finish them",
    tag: 'recordings',
    ok: ok('RecordingList'),
  }),
  get('/api/recordings/{recordingId}/', {
    summary: 'Where a recording stands: its segment and the next part number to send (owner)',
    tag: 'recordings',
    ok: ok('Recording'),
  }),
  recordingPartOperation(),
  post('/api/recordings/{recordingId}/resume/', {
    summary: 'Goes on recording into the same session after a closed tab: later parts go to a new segment',
    tag: 'recordings',
    ok: ok('Recording'),
    errors: [409],
    description: '409 once the recording has been finished (by the owner, or after a long time without parts).',
  }),
  post('/api/recordings/{recordingId}/finish/', {
    summary: 'Stops the recording: what arrived becomes the session; repeating it is harmless',
    tag: 'recordings',
    ok: ok('Recording'),
  }),
  post('/api/ask_question/', {
    summary: 'Answers a question from the transcripts of one session or a whole campaign, with citations',
    tag: 'qa',
    ok: ok('Answer'),
    body: 'AskQuestion',
    errors: [404],
    description:
      'Needs hasValidAccess (403 FORBIDDEN otherwise). `context` is accepted and ignored: the server retrieves its own ' +
      'evidence within what the caller may read. `found` is false, with no citations, when nothing relevant was found.',
  }),
  post('/api/create_checkout_session/', {
    summary: 'Starts buying a plan: Stripe Checkout, or in self-hosted mode the plan applied at once',
    tag: 'billing',
    ok: ok('CheckoutSession'),
    body: 'Checkout',
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
    ok: ok('Received'),
    body: 'StripeEvent',
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

function buildDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, method, op] of OPERATIONS) (paths[path] ??= {})[method] = op;
  const responses = Object.fromEntries(
    Object.entries(ERROR_TEXT).map(([status, description]) => [
      `E${status}`,
      { description, content: json(schemaRef('Error')) },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Questlog REST API',
      version: '1.0.0',
      description:
        'The REST shims of the product spec (section 7). GraphQL at /graphql is the primary API; see docs/*-contract.md.',
    },
    paths,
    components: {
      schemas: {
        ...schemas,
        ...recordingSchemas,
        ...Object.fromEntries(
          Object.entries({ ...bodies, ...recordingBodies, ...importBodies }).map(([k, v]) => [`${k}Body`, v]),
        ),
      },
      responses,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'questlog_session' },
        csrf: {
          type: 'apiKey',
          in: 'header',
          name: 'X-CSRFToken',
          description: 'From GET /get-csrf-token/; on every POST',
        },
        bearer: { type: 'http', scheme: 'bearer', description: 'Personal API token (qlt_…); no CSRF token needed' },
      },
    },
  };
}

/** The document, built once. */
export const openApiDocument = buildDocument();
