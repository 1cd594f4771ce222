import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  condition,
  continueAsNew,
  defineSignal,
  isCancellation,
  ParentClosePolicy,
  proxyActivities,
  setHandler,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { SESSION_PROCESSING_QUEUE, sessionWorkflowId } from '../session-workflow-ids';
import {
  AUDIO_REJECTED,
  ENGINE_FAILED,
  SESSION_FAILED,
  SPEECH_TO_TEXT_QUEUE,
  type SessionProcessingActivities,
} from '../session/activities';
import type { processSession } from '../session/process-session.workflow';
import {
  FINISH_RECORDING_SIGNAL,
  PART_ARRIVED_SIGNAL,
  type RecordingActivities,
  type RecordSessionInput,
} from './activities';
import { DATABASE_ACTIVITY, mediaActivity, SPEECH_ACTIVITY } from '../activity-options';

export const partArrived = defineSignal(PART_ARRIVED_SIGNAL);
export const finishRecording = defineSignal(FINISH_RECORDING_SIGNAL);

const db = proxyActivities<RecordingActivities & SessionProcessingActivities>(DATABASE_ACTIVITY);
// ffmpeg over what arrived since the last cut, or over the whole recording when it is assembled.
const media = proxyActivities<RecordingActivities>(mediaActivity(5));
// The same speech-to-text queue and patience as uploaded sessions.
const speech = proxyActivities<SessionProcessingActivities>({ ...SPEECH_ACTIVITY, taskQueue: SPEECH_TO_TEXT_QUEUE });

/** Rounds of cut-and-transcribe per run before continue-as-new keeps the history bounded. */
const ROUNDS_PER_RUN = 200;
/** Chunks of a recording transcribed at once (a live recording yields about one a minute). */
const TRANSCRIBE_AT_ONCE = 2;
/**
 * After a round that found too little audio to cut, the next waits this long (or for Stop): each
 * round reads the segment so far, and parts arrive every few seconds.
 */
const IDLE_ROUND_GAP = '10 seconds';

/**
 * A session recorded in the browser (id `recording-<session id>`). While parts arrive, the audio
 * is cut into chunks at silences and transcribed, so the transcript grows during the game; on
 * Stop (the finish signal, or no part for `abandonAfterMs`) only the tail is left to cut and
 * transcribe. Then the segments are joined into the session's original and the usual processing
 * workflow takes over: it finds every chunk transcribed and goes on to lines, table talk,
 * summaries and the search index.
 */
export async function recordSession(input: RecordSessionInput): Promise<void> {
  const { sessionId } = input;
  // A new run (first start or continue-as-new) looks at once at what arrived meanwhile.
  let news = true;
  let finishing = false;
  setHandler(partArrived, () => void (news = true));
  setHandler(finishRecording, () => void (finishing = true));

  try {
    for (let round = 0; ; round++) {
      if (!finishing && !(await condition(() => news || finishing, input.abandonAfterMs))) {
        await db.stopRecording({ sessionId });
        finishing = true;
      }
      news = false;
      const final = finishing;
      const cut = await media.cutRecording({ sessionId, final });
      if (cut.finished) break;
      await transcribe(sessionId, cut.chunks);
      // The first round puts up the stage line; later ones only when there are new lines to show.
      if (round === 0 || final || cut.chunks.length) await db.showLiveTranscript({ sessionId });
      if (final) break;
      if (cut.finishing) {
        finishing = true;
        continue;
      }
      if (!cut.chunks.length) await condition(() => finishing, IDLE_ROUND_GAP);
      if (!finishing && (round + 1 >= ROUNDS_PER_RUN || workflowInfo().continueAsNewSuggested)) {
        await continueAsNew<typeof recordSession>(input);
      }
    }
    await media.assembleRecording({ sessionId });
  } catch (err) {
    const reason = readableReason(err);
    // No more parts for a failed recording, and it leaves the list of recordings to resume.
    await CancellationScope.nonCancellable(async () => {
      await db.stopRecording({ sessionId });
      await db.failSession({ sessionId, reason });
    });
    throw ApplicationFailure.nonRetryable(reason, SESSION_FAILED);
  }
  // The rest is an upload's processing; it outlives this workflow, which is done. A late run (the
  // recording was assembled by an earlier one) finds that processing started already.
  try {
    await startChild<typeof processSession>('processSession', {
      workflowId: sessionWorkflowId(sessionId),
      taskQueue: SESSION_PROCESSING_QUEUE,
      args: [{ sessionId }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

async function transcribe(sessionId: string, chunks: number[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < chunks.length) await speech.transcribeChunk({ sessionId, index: chunks[next++] });
  };
  await Promise.all(Array.from({ length: Math.min(TRANSCRIBE_AT_ONCE, chunks.length) }, lane));
}

function readableReason(err: unknown): string {
  if (isCancellation(err)) return 'Recording was cancelled.';
  let cause: unknown = err;
  while (cause instanceof ActivityFailure && cause.cause) cause = cause.cause;
  if (cause instanceof ApplicationFailure && (cause.type === AUDIO_REJECTED || cause.type === ENGINE_FAILED)) {
    return `Recording failed: ${cause.message}`;
  }
  return 'Recording failed unexpectedly. The audio that arrived is kept; please contact support.';
}
