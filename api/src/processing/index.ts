import type { SessionProcessingActivities, SummaryRefreshActivities } from '@questlog/workflows';
import type { ProcessingDeps } from './step-runtime';
import { mediaSteps } from './media.steps';
import { renditionSteps } from './rendition.steps';
import { refreshSteps } from './refresh.steps';
import { sessionSteps } from './session.steps';
import { transcriptSteps } from './transcript.steps';

export type { ProcessingDeps, WorkerServices } from './step-runtime';
export { recordingSteps } from './recording.steps';

/**
 * The steps that implement the session-processing and summary-refresh activity contracts
 * (workflows/src/session), over their dependencies (Temporal's dependency-injection sample).
 */
export function sessionProcessingSteps(deps: ProcessingDeps): SessionProcessingActivities & SummaryRefreshActivities {
  return {
    ...sessionSteps(deps),
    ...mediaSteps(deps),
    ...renditionSteps(deps),
    ...transcriptSteps(deps),
    ...refreshSteps(deps),
  };
}
