import type {
  MaintenanceActivities,
  RecordingActivities,
  SessionProcessingActivities,
  SummaryRefreshActivities,
} from '@questlog/workflows';
import type { ProcessingDeps } from './activity-runtime';
import { maintenanceActivities, type MaintenanceDeps } from './maintenance.activities';
import { mediaActivities } from './media.activities';
import { recordingActivities } from './recording.activities';
import { refreshActivities } from './refresh.activities';
import { renditionActivities } from './rendition.activities';
import { sessionActivities } from './session.activities';
import { transcriptActivities } from './transcript.activities';

export type { ProcessingDeps, WorkerServices } from './activity-runtime';

export type ActivityDeps = ProcessingDeps & MaintenanceDeps;

export type Activities = MaintenanceActivities &
  SessionProcessingActivities &
  SummaryRefreshActivities &
  RecordingActivities;

/**
 * What the worker registers for the activity contracts of workflows/src, given their dependencies
 * (Temporal's dependency-injection sample: `createActivities`).
 */
export function createActivities(deps: ActivityDeps): Activities {
  return {
    ...sessionActivities(deps),
    ...mediaActivities(deps),
    ...renditionActivities(deps),
    ...transcriptActivities(deps),
    ...refreshActivities(deps),
    ...recordingActivities(deps),
    ...maintenanceActivities(deps),
  };
}
