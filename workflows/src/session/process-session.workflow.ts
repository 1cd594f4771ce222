import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  isCancellation,
  log,
  patched,
  proxyActivities,
  TimeoutFailure,
} from '@temporalio/workflow';
import {
  AUDIO_REJECTED,
  AUDIO_RENDITION_PATCH,
  CAMPAIGN_MEMORY_PATCH,
  CONCURRENT_DIARIZATION_PATCH,
  DIARIZATION_PATCH,
  ENGINE_FAILED,
  SESSION_FAILED,
  SPEECH_TO_TEXT_QUEUE,
  SPEECH_TO_TEXT_QUEUE_PATCH,
  TRANSCRIPT_IMPORT_PATCH,
  type ProcessSessionInput,
  type SessionProcessingActivities,
  type SessionStage,
} from './activities';
import { STAGE_PROGRESS } from './progress';
import { DATABASE_ACTIVITY, mediaActivity, SPEECH_ACTIVITY } from '../activity-options';

const db = proxyActivities<SessionProcessingActivities>(DATABASE_ACTIVITY);
const media = proxyActivities<SessionProcessingActivities>(mediaActivity(3));
const speech = proxyActivities<SessionProcessingActivities>({ ...SPEECH_ACTIVITY, taskQueue: SPEECH_TO_TEXT_QUEUE });
// Runs started before the speech-to-text queue existed keep transcribing on the session queue.
const speechOnSessionQueue = proxyActivities<SessionProcessingActivities>(SPEECH_ACTIVITY);

// Diarization sends the whole session to the speech service at once: about 0.03-0.1 x real time,
// and the service takes one at a time.
const voices = proxyActivities<SessionProcessingActivities>({
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumAttempts: 4 },
});

// Language-model activities over the whole transcript (map-reduce for long sessions).
const language = proxyActivities<SessionProcessingActivities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '2 minutes', maximumAttempts: 6 },
});

const STAGE_NAMES: Record<SessionStage, string> = {
  probe: 'Reading the audio',
  prepare: 'Preparing the audio',
  transcribe: 'Transcription',
  assemble: 'Assembling the transcript',
  filter: 'Filtering table talk',
  summarize: 'Summarizing',
  index: 'Indexing',
  finish: 'Finishing',
};

/**
 * One session from its audio, or from an imported transcript, to READY (id `session-<id>`). Any unrecoverable error marks the
 * session FAILED with a readable reason and refunds its usage; finished chunks live in the
 * database, so a new run (retrySession, or an operator's reset/start) does not redo them.
 */
export async function processSession({ sessionId }: ProcessSessionInput): Promise<void> {
  let current: SessionStage = 'probe';
  const enter = async (stage: SessionStage) => {
    current = stage;
    await db.setStage({ sessionId, stage, progress: STAGE_PROGRESS[stage] });
  };
  try {
    const imported = patched(TRANSCRIPT_IMPORT_PATCH) && (await db.sessionSource({ sessionId })) === 'transcript';
    // An imported transcript has no audio: its lines are stored, so it starts at assembling.
    const heard = imported ? undefined : await transcribe(sessionId, enter);
    await enter('assemble');
    await db.assembleTranscript({ sessionId });
    if (heard?.voices) await assignVoices(sessionId, heard.voices);
    else if (!imported && patched(DIARIZATION_PATCH)) await diarize(sessionId);
    await enter('filter');
    await language.filterTableTalk({ sessionId });
    await enter('summarize');
    await language.summarizeSession({ sessionId });
    await enter('index');
    await db.indexTranscript({ sessionId });
    await heard?.rendition;
    await enter('finish');
    await db.finishSession({ sessionId });
  } catch (err) {
    const reason = readableReason(current, err);
    // Even a cancelled run must leave the session FAILED (and refunded), not PROCESSING forever.
    await CancellationScope.nonCancellable(() => db.failSession({ sessionId, reason }));
    throw ApplicationFailure.nonRetryable(reason, SESSION_FAILED);
  }
  try {
    await db.refreshCampaignSummaries({ sessionId });
  } catch (err) {
    // The session itself is READY; a stale campaign summary is refreshed after the next session.
    log.warn('campaign summaries not refreshed', { sessionId, error: String(err) });
  }
  if (patched(CAMPAIGN_MEMORY_PATCH)) {
    try {
      await language.writeCampaignMemory({ sessionId });
    } catch (err) {
      // The offline index and threads stand in until the next session writes them.
      log.warn('campaign memory not written', { sessionId, error: String(err) });
    }
  }
}

/** What goes on after the chunks are transcribed: the player's copy, and the voices being told apart. */
interface StillRunning {
  rendition?: Promise<void>;
  /** Whether voices were found for assignVoices (undefined: a run that diarizes after assembling). */
  voices?: Promise<boolean>;
}

/**
 * Probe, prepare and transcribe a recording; resolves once every chunk is transcribed, with the
 * player's copy still being made and the voices perhaps still being told apart.
 */
async function transcribe(sessionId: string, enter: (stage: SessionStage) => Promise<void>): Promise<StillRunning> {
  await enter('probe');
  await media.probeAudio({ sessionId });
  await enter('prepare');
  const { chunkCount, concurrency, diarizeBeside } = await media.prepareAudio({ sessionId });
  const rendition = patched(AUDIO_RENDITION_PATCH) ? browserRendition(sessionId) : undefined;
  // Diarization needs only the audio: beside the chunks it no longer adds its time after them,
  // where the worker has the cores for both.
  const found = diarizeBeside && patched(CONCURRENT_DIARIZATION_PATCH) ? findVoices(sessionId) : undefined;
  await enter('transcribe');
  const transcriber = patched(SPEECH_TO_TEXT_QUEUE_PATCH) ? speech : speechOnSessionQueue;
  await inParallel(chunkCount, concurrency, (index) => transcriber.transcribeChunk({ sessionId, index }));
  return { rendition, voices: found };
}

/** The voices of a single-track session, found while it is transcribed; false when none (or it failed). */
function findVoices(sessionId: string): Promise<boolean> {
  return voices.findVoices({ sessionId }).then(
    (found) => found > 0,
    (err: unknown) => {
      if (!isCancellation(err))
        log.warn('no speakers told apart; the lines keep none', { sessionId, error: String(err) });
      return false;
    },
  );
}

/** Gives the assembled lines the voices found; without them (or if this fails) the session still gets READY. */
async function assignVoices(sessionId: string, found: Promise<boolean>): Promise<void> {
  if (!(await found)) return;
  try {
    await voices.assignVoices({ sessionId });
  } catch (err) {
    if (isCancellation(err)) throw err;
    log.warn('voices not given to the lines; they keep none', { sessionId, error: String(err) });
  }
}

/** Speakers for a single-track session's lines; without them (the service failing) the session still gets READY. */
async function diarize(sessionId: string): Promise<void> {
  try {
    await voices.diarizeSpeakers({ sessionId });
  } catch (err) {
    if (isCancellation(err)) throw err;
    log.warn('no speakers told apart; the lines keep none', { sessionId, error: String(err) });
  }
}

/**
 * The player's copy of the recording, made while the chunks are transcribed. It never fails the
 * session: without it the player streams the upload, which most browsers play too.
 */
function browserRendition(sessionId: string): Promise<void> {
  return media.makeAudioRendition({ sessionId }).catch((err: unknown) => {
    log.warn('no browser rendition; the player gets the upload', { sessionId, error: String(err) });
  });
}

/** Runs `count` tasks with at most `limit` in flight; the first failure rejects and starts no more. */
async function inParallel(count: number, limit: number, task: (index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < count) {
      await task(next++).catch((err: unknown) => {
        failed = true;
        throw err;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, lane));
}

function readableReason(stage: SessionStage, err: unknown): string {
  if (isCancellation(err)) return 'Processing was cancelled.';
  let cause: unknown = err;
  while (cause instanceof ActivityFailure && cause.cause) cause = cause.cause;
  if (cause instanceof ApplicationFailure && (cause.type === AUDIO_REJECTED || cause.type === ENGINE_FAILED)) {
    return `${STAGE_NAMES[stage]} failed: ${cause.message}`;
  }
  if (cause instanceof TimeoutFailure) return `${STAGE_NAMES[stage]} took too long and was stopped. Please retry.`;
  return `${STAGE_NAMES[stage]} failed unexpectedly. Please retry; if it fails again, contact support.`;
}
