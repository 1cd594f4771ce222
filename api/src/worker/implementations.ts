import type { MikroORM } from '@mikro-orm/postgresql';
import type {
  MaintenanceActivities,
  RecordingActivities,
  SessionProcessingActivities,
  SummaryRefreshActivities,
} from '@questlog/workflows';
import { Login } from '../kernel/entities/login.entity';
import { recordingSteps, sessionProcessingSteps, type ProcessingDeps } from '../processing';
import { sweepStorage } from './sweep-storage';

export interface ImplementationDeps extends ProcessingDeps {
  orm: MikroORM;
}

/**
 * What the worker registers for the activity contracts of workflows/src: the pipeline's steps and
 * the maintenance jobs, given their dependencies (Temporal's dependency-injection sample).
 */
export function createImplementations(
  deps: ImplementationDeps,
): MaintenanceActivities & SessionProcessingActivities & SummaryRefreshActivities & RecordingActivities {
  return {
    ...sessionProcessingSteps(deps),
    ...recordingSteps(deps),
    async deleteExpiredLogins() {
      return deps.orm.em.fork().nativeDelete(Login, { expiresAt: { $lte: new Date() } });
    },
    sweepStorage: () => sweepStorage(deps),
  };
}
