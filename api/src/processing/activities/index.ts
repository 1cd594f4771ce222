import type { SessionProcessingActivities, SummaryRefreshActivities } from '@questlog/workflows';
import type { ProcessingDeps } from './activity-deps';
import { mediaActivities } from './media-activities';
import { renditionActivities } from './rendition-activities';
import { refreshActivities } from './refresh-activities';
import { sessionActivities } from './session-activities';
import { transcriptActivities } from './transcript-activities';

export type { ProcessingDeps } from './activity-deps';

/** The session-processing activities over their dependencies (Temporal's dependency-injection sample). */
export function createSessionProcessingActivities(
  deps: ProcessingDeps,
): SessionProcessingActivities & SummaryRefreshActivities {
  return {
    ...sessionActivities(deps),
    ...mediaActivities(deps),
    ...renditionActivities(deps),
    ...transcriptActivities(deps),
    ...refreshActivities(deps),
  };
}
