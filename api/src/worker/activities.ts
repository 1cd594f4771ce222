import type { MikroORM } from '@mikro-orm/postgresql';
import type {
  MaintenanceActivities,
  RecordingActivities,
  SessionProcessingActivities,
  SummaryRefreshActivities,
} from '@questlog/workflows';
import { LoginSession } from '../kernel/entities/login-session.entity';
import { createSessionProcessingActivities, type ProcessingDeps } from '../processing/activities';
import { recordingActivities } from '../processing/activities/recording-activities';
import { sweepStorage } from './sweep-storage';

export interface ActivityDeps extends ProcessingDeps {
  orm: MikroORM;
}

/** Activity implementations, given their dependencies (Temporal's dependency-injection sample). */
export function createActivities(
  deps: ActivityDeps,
): MaintenanceActivities & SessionProcessingActivities & SummaryRefreshActivities & RecordingActivities {
  return {
    ...createSessionProcessingActivities(deps),
    ...recordingActivities(deps),
    async deleteExpiredLoginSessions() {
      return deps.orm.em.fork().nativeDelete(LoginSession, { expiresAt: { $lte: new Date() } });
    },
    sweepStorage: () => sweepStorage(deps),
  };
}
