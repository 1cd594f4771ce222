import type { WorkflowClient } from '@temporalio/client';
import { SESSION_PROCESSING_QUEUE, sessionWorkflowId } from '@questlog/workflows';

/** Name of the per-session workflow (workflows/src/session/process-session.workflow.ts). */
export const PROCESS_SESSION_WORKFLOW = 'processSession';

export interface ProcessSessionInput {
  sessionId: string;
}

/**
 * Starts processing of an uploaded session. The workflow id is the business id, so a second start
 * for the same session is refused by Temporal instead of running the pipeline twice.
 */
export async function startSessionProcessing(client: WorkflowClient, sessionId: string): Promise<void> {
  const input: ProcessSessionInput = { sessionId };
  await client.start(PROCESS_SESSION_WORKFLOW, {
    taskQueue: SESSION_PROCESSING_QUEUE,
    workflowId: sessionWorkflowId(sessionId),
    // A closed run (a FAILED session) may be followed by a new one: that is how retry works.
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
    args: [input],
  });
}
