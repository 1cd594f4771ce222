import type { SessionStage } from './activities';

/**
 * Where each stage starts on the 0..1 progress bar. Transcription is by far the longest stage,
 * so it gets most of the bar and advances chunk by chunk inside its span.
 */
export const STAGE_PROGRESS: Record<SessionStage, number> = {
  probe: 0,
  prepare: 0.03,
  transcribe: 0.08,
  assemble: 0.85,
  filter: 0.88,
  summarize: 0.92,
  index: 0.96,
  finish: 0.99,
};

/** Overall progress once `done` of `total` chunks are transcribed. */
export function transcriptionProgress(done: number, total: number): number {
  const span = STAGE_PROGRESS.assemble - STAGE_PROGRESS.transcribe;
  const share = total > 0 ? Math.min(1, done / total) : 1;
  return Math.round((STAGE_PROGRESS.transcribe + span * share) * 1000) / 1000;
}
