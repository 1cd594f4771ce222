/**
 * Activity contract of the recording workflow (a session recorded in the browser); implemented in
 * api/src/processing/recording.activities.ts. The database is the recording's memory
 * (parts, segments, chunks), so every activity can be repeated and a new run picks up where the
 * last one stopped.
 */

/** Input of `recordSession`; continue-as-new passes it on unchanged. */
export interface RecordSessionInput {
  sessionId: string;
  /** A recording with no new part for this long is finished with what arrived (RECORDING_ABANDON_SECONDS). */
  abandonAfterMs: number;
}

export interface RecordingRef {
  sessionId: string;
}

export interface CutInput extends RecordingRef {
  /** Cut every segment to its end (the recording stopped); otherwise only what is safely complete. */
  final: boolean;
}

export interface CutResult {
  /** Indexes of the chunks this call created, to be transcribed. */
  chunks: number[];
  /** The recording was stopped (the row says FINISHING), even if the finish signal has not arrived. */
  finishing: boolean;
  /** The recording was assembled already: a late run has nothing left to do. */
  finished: boolean;
}

/** Signal names (the api signals with these names, the workflow defines them). */
export const PART_ARRIVED_SIGNAL = 'partArrived';
export const FINISH_RECORDING_SIGNAL = 'finishRecording';

export interface RecordingActivities {
  /** Cuts the audio that arrived into new 16 kHz chunks at silences (session_chunks rows). */
  cutRecording(input: CutInput): Promise<CutResult>;
  /** Turns the transcribed chunks into the session's lines and shows "Recording — 12 min transcribed". */
  showLiveTranscript(input: RecordingRef): Promise<void>;
  /** No more parts: marks the recording FINISHING (what the abandon timer does). */
  stopRecording(input: RecordingRef): Promise<void>;
  /** Joins the segments into the session's stored original and removes the parts; FINISHED. */
  assembleRecording(input: RecordingRef): Promise<void>;
}

/** Workflow ids are business ids: one recording workflow per session. */
export function recordingWorkflowId(sessionId: string): string {
  return `recording-${sessionId}`;
}
