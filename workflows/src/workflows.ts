// The worker's workflow bundle entry: every workflow type the Questlog worker runs.
export { purgeExpiredLogins } from './maintenance/purge-expired-logins.workflow';
export { sweepOrphanedStorage } from './maintenance/sweep-storage.workflow';
export { processSession } from './session/process-session.workflow';
export { recordSession } from './recording/record-session.workflow';
export { refreshSessionSummaries } from './session/refresh-summaries.workflow';
