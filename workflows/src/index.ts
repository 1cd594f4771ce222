/**
 * The contract between the api (which starts workflows and runs the worker) and the deterministic
 * workflow code in this package. Workflow code runs in Temporal's sandbox: nothing here may import
 * Node built-ins, the ORM or the api (eslint.config.mjs enforces it).
 */

export { SESSION_PROCESSING_QUEUE, sessionWorkflowId } from './session-workflow-ids';
export * from './maintenance/activities';
export * from './recording/activities';
export * from './session/activities';
export * from './session/refresh-activities';
export { transcriptionProgress, STAGE_PROGRESS } from './session/progress';
// Type only: starters get the workflow's name and argument types without loading its sandboxed code.
export type { processSession } from './session/process-session.workflow';
export type { recordSession } from './recording/record-session.workflow';
export type { refreshSessionSummaries } from './session/refresh-summaries.workflow';
