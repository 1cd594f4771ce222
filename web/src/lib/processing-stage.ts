/** The pipeline's stages (workflows/src/session/activities.ts) in words; "queued" until the worker starts. */
const STAGE_LABELS: Record<string, string> = {
  queued: 'Waiting to start',
  probe: 'Checking the recording',
  prepare: 'Preparing the audio',
  transcribe: 'Transcribing',
  assemble: 'Assembling the transcript',
  filter: 'Filtering out table talk',
  summarize: 'Writing the summaries',
  index: 'Indexing for Q & A',
  finish: 'Finishing',
};

/** What a PROCESSING session is doing, in words. */
export function stageLabel(stage: string | null): string {
  return stage ? (STAGE_LABELS[stage] ?? stage) : STAGE_LABELS.queued;
}

/**
 * Session.progress (0 to 1) as the whole percent that both the number and the bar show. Rounded
 * to the nearest 1e-9 first: 0.29 * 100 is 28.999999999999996 in floating point, and flooring that
 * would show 28 while the api meant 29.
 */
export function progressPercent(progress: number): number {
  return Math.min(100, Math.max(0, Math.floor(Math.round(progress * 100 * 1e9) / 1e9)));
}

/**
 * A browser recording still going on, or its tail being cut after Stop (the api's stage lines
 * "Recording — 40 s transcribed" and "Finishing the recording — …"): there is no end to measure a
 * percentage against, so the stage line is the progress.
 */
export function isRecordingStage(stage: string | null): boolean {
  return stage !== null && /^(Recording|Finishing the recording) — /.test(stage);
}
