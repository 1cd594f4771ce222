import type { WorkflowClient } from '@temporalio/client';
import {
  FINISH_RECORDING_SIGNAL,
  PART_ARRIVED_SIGNAL,
  SESSION_PROCESSING_QUEUE,
  recordingWorkflowId,
  type recordSession,
} from '@questlog/workflows';

/**
 * Tells the recording's workflow that parts arrived, or that the recording stopped. Signal-with-
 * start: a workflow that is not running (the worker lost it, an operator ended it) is started
 * again, and since the database holds the recording's state the new run goes on where it was.
 */
export async function signalRecording(
  client: WorkflowClient,
  sessionId: string,
  abandonAfterMs: number,
  signal: 'partArrived' | 'finish',
): Promise<void> {
  await client.signalWithStart<typeof recordSession>('recordSession', {
    taskQueue: SESSION_PROCESSING_QUEUE,
    workflowId: recordingWorkflowId(sessionId),
    args: [{ sessionId, abandonAfterMs }],
    signal: signal === 'finish' ? FINISH_RECORDING_SIGNAL : PART_ARRIVED_SIGNAL,
    signalArgs: [],
  });
}
