import os from 'node:os';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the api and worker read from the environment; see .env.example for one line each. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where embedded services keep their data (PostgreSQL cluster, Temporal sqlite, audio). */
  DATA_DIR: z.string().default('.data'),
  /** External PostgreSQL; unset = embedded PostgreSQL under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  /** External Temporal frontend (host:port); unset = a Temporal dev server started by the app. */
  TEMPORAL_ADDRESS: z
    .string()
    .regex(/^[^:\s]+:\d+$/, 'must look like host:port')
    .optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_CLI: z.string().default('.tools/temporal'),
  TEMPORAL_EMBEDDED_PORT: z.coerce.number().int().min(1).max(65535).default(7233),
  TEMPORAL_UI_PORT: z.coerce.number().int().min(1).max(65535).default(8233),
  /** Run the Temporal worker inside the api process (the embedded default). */
  RUN_WORKER: bool.default(true),
  /**
   * Secret for CSRF token signing. Required in production (every api replica must sign alike);
   * elsewhere, when unset, one is generated on the first start and kept in DATA_DIR/session-secret.
   */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Serve the built web app from this directory (empty = do not serve). */
  WEB_DIST: z.string().default('web/dist'),
  /** Monthly audio hours of the Free / Viewer plan (the spec leaves it open). */
  FREE_AUDIO_HOURS: z.coerce.number().min(0).default(1),
  /** self-hosted: a chosen plan applies at once, no payment; stripe: Stripe Checkout and webhooks. */
  BILLING_MODE: z.enum(['self-hosted', 'stripe']).default('self-hosted'),
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Signing secret of the webhook endpoint (whsec_…): events without its signature are refused. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe API host, e.g. stripe-mock in tests; unset = Stripe itself. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Where browsers reach the web app (https://questlog.example), for the pages Stripe Checkout and
   * the billing portal send them back to (unset = the origin of the request that asked) and for the
   * links in mails (unset = http://localhost:PORT, the embedded default: modules/common/app-link.ts).
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Outgoing mail (password reset, share notices): smtp://host:port or smtps://user:pass@host:465.
   * Unset = Mailpit started by the app on loopback ports, which catches every mail (docs/mail.md).
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(1).default('Questlog <no-reply@localhost>'),
  /** The embedded Mailpit: its binary (scripts/setup.sh builds it), SMTP port and HTTP port (API, inbox). */
  MAILPIT_BINARY: z.string().default('.tools/mailpit'),
  MAILPIT_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(1025),
  MAILPIT_UI_PORT: z.coerce.number().int().min(1).max(65535).default(8025),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  /**
   * Speech-to-text: whisper = the speech service (embedded, or STT_URL), openai = OPENAI_BASE_URL.
   * The other engines: the offline defaults, or the OpenAI-compatible endpoint above.
   */
  SPEECH_TO_TEXT_ENGINE: z.enum(['whisper', 'openai']).default('whisper'),
  /** An OpenAI-compatible speech service (…/v1) to use instead of starting the embedded one. */
  STT_URL: z.url().optional(),
  STT_API_KEY: z.string().optional(),
  /** The embedded speech service: its virtualenv, port and models (scripts/setup.sh installs them). */
  SPEECH_PYTHON: z.string().default('.tools/speech/bin/python'),
  SPEECH_EMBEDDED_PORT: z.coerce.number().int().min(1).max(65535).default(8178),
  /**
   * Any CTranslate2 Whisper model directory. Whisper base by default: on the AI-quality bench it
   * hears invented names far better than tiny.en (WER 0.20 vs 0.31) within the speed goal.
   */
  SPEECH_MODEL: z.string().default('.tools/speech-models/whisper-base'),
  /** Model for other languages when SPEECH_MODEL is English-only, e.g. tiny.en (empty = SPEECH_MODEL only). */
  SPEECH_MODEL_MULTILINGUAL: z.string().default(''),
  SPEECH_DEVICE: z.enum(['cpu', 'cuda', 'auto']).default('cpu'),
  SPEECH_COMPUTE_TYPE: z.string().default('int8'),
  /**
   * CPU threads per transcription; unset = the machine's cores shared among SPEECH_WORKERS
   * (speechThreads), so the lanes transcribe side by side instead of fighting over the
   * cores (one thread each with two workers on two cores), and a bigger machine uses all of its.
   */
  SPEECH_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** Transcriptions the embedded speech service serves at the same time. */
  SPEECH_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * How much lower background work (the worker, ffmpeg, the speech service) runs than the api, so
   * people's requests get the processor first; 0 = the api's own priority (a machine of its own;
   * a test that waits on its ffmpeg while the whole suite fills the cores).
   */
  BACKGROUND_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  TABLE_TALK_ENGINE: z.enum(['lexical', 'openai']).default('lexical'),
  SUMMARY_ENGINE: z.enum(['extractive', 'openai']).default('extractive'),
  /** Q&A answers: quoted passages (offline), or a chat model writing from the retrieved passages. */
  QA_ENGINE: z.enum(['retrieval', 'openai']).default('retrieval'),
  /**
   * The campaign index's descriptions and open threads: extracted sentences and rules (offline), or
   * written by a chat model after each session (the offline ones stand in until then).
   */
  INDEX_ENGINE: z.enum(['offline', 'openai']).default('offline'),
  OPENAI_TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  OPENAI_CHAT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Longest audio chunk transcribed in one request; a failed chunk costs at most this much again. */
  PROCESSING_MAX_CHUNK_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Chunks of one session transcribed at the same time. */
  TRANSCRIBE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Chunks one worker process transcribes at once, all sessions together (match the speech service's workers). */
  STT_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Single-track diarization beside the transcription (on), after it (off), or beside it only with more than 2 cores (auto). */
  DIARIZE_BESIDE_TRANSCRIPTION: z.enum(['auto', 'on', 'off']).default('auto'),
  /**
   * Login throttling (modules/accounts/login-throttle.ts, OWASP device cookies): failed logins per
   * account from browsers it never signed in from, and per known browser on its own.
   */
  LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** Failed logins per client IP from unknown browsers; a browser the account signed in from is exempt. */
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Trust X-Forwarded-* from this many proxies (for client IPs and TLS detection). */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  /** Largest accepted upload in bytes; the spec says "under 1 GB". Lowered only by tests. */
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(1073741823),
  /*
   * Slow clients (issue 11): a request body that stops arriving is cut off, so a stalled client
   * cannot hold a socket, a storage write or an upload slot. Seconds; tests lower them.
   */
  /** Time a client has to send its request headers. */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().default(20),
  /** An idle kept-alive connection is closed after this (Node's own default). */
  HTTP_KEEPALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().default(5),
  /** A JSON (non-upload) body that sends nothing for this long, or is not complete within the total, is refused. */
  BODY_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  BODY_TOTAL_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  /** The same for uploads (multipart); the total is the spec's 15 minutes (section 7). */
  UPLOAD_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  UPLOAD_TOTAL_TIMEOUT_SECONDS: z.coerce.number().positive().default(900),
  /** Uploads one user may have in flight at once (per api process); the next is refused with 429. */
  UPLOAD_MAX_CONCURRENT_PER_USER: z.coerce.number().int().min(1).default(2),
  /**
   * New shares one owner may make an hour: each e-mails its recipient, so this keeps an account
   * from using Questlog as a mailer (sharing ten campaigns with a table of six is sixty).
   */
  SHARE_MAX_PER_OWNER_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** Newsletter sign-ups per client IP within NEWSLETTER_WINDOW_SECONDS. */
  NEWSLETTER_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
  NEWSLETTER_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /**
   * Stored audio with no session row (a crash between storing an upload and creating its row) is
   * removed once older than this; it must exceed the longest upload (UPLOAD_TOTAL_TIMEOUT_SECONDS)
   * and the longest processing activity (1 hour), whose working files are swept by the same rule.
   */
  STORAGE_SWEEP_GRACE_HOURS: z.coerce.number().min(2).default(24),
  /** Where uploaded audio is kept: a local directory or S3-compatible object storage. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** Directory of the local driver; unset = DATA_DIR/audio. */
  STORAGE_DIR: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs (endpoint/bucket/key), which MinIO and most self-hosted S3 servers need. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /*
   * Recording in the browser (modules/recordings): parts arrive every few seconds while the game
   * goes on, are transcribed in chunks as they come, and a recording left without parts finishes.
   */
  /** Largest part of a recording in bytes (a 10 s part of Opus is about 40 KB). */
  RECORDING_PART_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(16 * 1024 * 1024),
  /** A recording with no new part for this long (a closed tab nobody resumed) is finished with what arrived. */
  RECORDING_ABANDON_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(6 * 3600),
  /** Audio cut and transcribed at a time while recording; after Stop only this much is left to do. */
  RECORDING_LIVE_CHUNK_SECONDS: z.coerce.number().int().min(2).default(60),
  /** The newest seconds wait for the next cut, so a word being spoken is not cut off. */
  RECORDING_LIVE_MARGIN_SECONDS: z.coerce.number().min(0).default(3),
});

export type Config = z.infer<typeof schema>;

/** Every variable the config reads (docs and deployment files are checked against this list). */
export const configKeys = Object.keys(schema.shape) as Array<keyof Config>;

/**
 * Rules between variables. Checked on the raw values, so they are reported together with the
 * per-variable problems (a zod refinement would only run once everything else is valid).
 */
function crossFieldProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) problems.push('SESSION_SECRET: is required in production');
  const openaiEngines = [
    'SPEECH_TO_TEXT_ENGINE',
    'TABLE_TALK_ENGINE',
    'SUMMARY_ENGINE',
    'QA_ENGINE',
    'INDEX_ENGINE',
  ].filter((k) => env[k] === 'openai');
  for (const key of ['OPENAI_BASE_URL', 'OPENAI_API_KEY']) {
    if (openaiEngines.length && !env[key]) problems.push(`${key}: is required when ${openaiEngines.join(', ')}=openai`);
  }
  if (env.BILLING_MODE === 'stripe') {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      if (!env[key]) problems.push(`${key}: is required when BILLING_MODE=stripe`);
    }
  }
  // An upload still streaming when the sweeper runs would lose its audio before its row exists.
  const graceSeconds = Number(env.STORAGE_SWEEP_GRACE_HOURS ?? 24) * 3600;
  if (graceSeconds <= Number(env.UPLOAD_TOTAL_TIMEOUT_SECONDS ?? 900)) {
    problems.push('STORAGE_SWEEP_GRACE_HOURS: must be longer than UPLOAD_TOTAL_TIMEOUT_SECONDS');
  }
  if (env.STORAGE_DRIVER === 's3') {
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      if (!env[key]) problems.push(`${key}: is required when STORAGE_DRIVER=s3`);
    }
  }
  return problems;
}

/** Variables for which an empty value means "off" rather than "unset, use the default". */
const EMPTY_MEANS_OFF = new Set(['WEB_DIST', 'SPEECH_MODEL_MULTILINGUAL']);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once; throws ConfigError listing every problem, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([k, v]) => v !== '' || EMPTY_MEANS_OFF.has(k)));
  const result = schema.safeParse(cleaned);
  const problems = result.success
    ? []
    : result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  problems.push(...crossFieldProblems(cleaned));
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  return result.data;
}

/**
 * CPU threads per transcription of the embedded speech service: SPEECH_THREADS, or the cores
 * shared among its workers (at least one each). The pipeline keeps TRANSCRIBE_CONCURRENCY chunks
 * in flight; on two cores two 2-thread requests only fought (bench/pipeline-overhead.ts).
 */
export function speechThreads(
  config: Pick<Config, 'SPEECH_THREADS' | 'SPEECH_WORKERS'>,
  cores = os.availableParallelism(),
): number {
  return config.SPEECH_THREADS ?? Math.max(1, Math.floor(cores / config.SPEECH_WORKERS));
}
