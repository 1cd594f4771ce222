import type { SessionRef } from './activities';

/**
 * Contract of the summary refresh that follows an owner's table-talk corrections; implemented in
 * api/src/processing. The refresh also runs the processing activities `summarizeSession`
 * and `refreshCampaignSummaries` (same worker, same task queue).
 */
export interface SummaryRefreshActivities {
  /** Shows the READY session as updating (stage `summarize`, published live). */
  beginSummaryRefresh(input: SessionRef): Promise<void>;
  /** Clears the stage again; a session deleted meanwhile is left alone. */
  endSummaryRefresh(input: SessionRef): Promise<void>;
}

/** Sent with every correction; the running refresh waits for a quiet moment before it summarizes. */
export const LINES_CORRECTED_SIGNAL = 'linesCorrected';

/** One refresh per session at a time: corrections signal the running one instead of starting another. */
export function summaryRefreshWorkflowId(sessionId: string): string {
  return `session-${sessionId}-summaries`;
}
