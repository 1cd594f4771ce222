import type { WorkflowClient } from '@temporalio/client';
import {
  LINES_CORRECTED_SIGNAL,
  SESSION_PROCESSING_QUEUE,
  summaryRefreshWorkflowId,
  type refreshSessionSummaries,
} from '@questlog/workflows';
import { DomainError } from '../../kernel/errors';

export const SUMMARY_REFRESH_MESSAGES = {
  unavailable:
    'Your correction is saved, but the summaries could not be updated right now. Please correct a line again later.',
} as const;

/**
 * Tells the session's summary refresh that its lines were corrected (a flip, a GM-only mark, a
 * line's or the whole transcript's text): signals the running refresh, or starts one (Temporal's
 * signal-with-start), so a burst of corrections makes one refresh of the summaries, the campaign's
 * summaries and its index. The correction itself is saved already; when Temporal cannot be reached
 * the owner is told so.
 */
export async function requestSummaryRefresh(client: WorkflowClient, sessionId: string): Promise<void> {
  await client
    .signalWithStart<typeof refreshSessionSummaries, []>('refreshSessionSummaries', {
      taskQueue: SESSION_PROCESSING_QUEUE,
      workflowId: summaryRefreshWorkflowId(sessionId),
      args: [{ sessionId }],
      signal: LINES_CORRECTED_SIGNAL,
      signalArgs: [],
    })
    .catch((err: unknown) => {
      console.error(`session ${sessionId}: summary refresh not started`, err);
      throw new DomainError('UNAVAILABLE', SUMMARY_REFRESH_MESSAGES.unavailable);
    });
}
