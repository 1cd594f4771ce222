import type { WorkflowClient } from '@temporalio/client';
import { SESSION_PROCESSING_QUEUE, sessionWorkflowId, type processSession } from '@questlog/workflows';

/**
 * Starts processing of an uploaded session. The workflow is named through its type (as Temporal's
 * samples do), so its input is declared once, in workflows/. The workflow id is the business id,
 * so a second start for the same session is refused by Temporal instead of running the pipeline twice.
 */
export async function startSessionProcessing(client: WorkflowClient, sessionId: string): Promise<void> {
  await client.start<typeof processSession>('processSession', {
    taskQueue: SESSION_PROCESSING_QUEUE,
    workflowId: sessionWorkflowId(sessionId),
    // A closed run (a FAILED session) may be followed by a new one: that is how retry works.
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
    args: [{ sessionId }],
  });
}
