import type { WorkflowClient } from '@temporalio/client';
import {
  LINES_CORRECTED_SIGNAL,
  SESSION_PROCESSING_QUEUE,
  summaryRefreshWorkflowId,
  type refreshSessionSummaries,
} from '@questlog/workflows';

/**
 * Tells the session's summary refresh that a line was corrected: signals the running refresh, or
 * starts one (Temporal's signal-with-start), so a burst of corrections makes one refresh.
 */
export async function requestSummaryRefresh(client: WorkflowClient, sessionId: string): Promise<void> {
  await client.signalWithStart<typeof refreshSessionSummaries, []>('refreshSessionSummaries', {
    taskQueue: SESSION_PROCESSING_QUEUE,
    workflowId: summaryRefreshWorkflowId(sessionId),
    args: [{ sessionId }],
    signal: LINES_CORRECTED_SIGNAL,
    signalArgs: [],
  });
}
