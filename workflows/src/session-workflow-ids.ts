/*
 * Where session workflows run and what they are called: its own file, so a workflow that starts
 * another (recording starts processing) need not import the package's index, which exports it.
 */

/** The one task queue every session-processing workflow and activity runs on. */
export const SESSION_PROCESSING_QUEUE = 'session-processing';

/** Workflow ids are business ids, so a second start for the same session is refused by Temporal. */
export function sessionWorkflowId(sessionId: string): string {
  return `session-${sessionId}`;
}
