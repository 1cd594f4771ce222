import type { MikroORM } from '@mikro-orm/postgresql';
import type { MaintenanceActivities } from '@questlog/workflows';
import { LoginSession } from '../modules/accounts/login-session.entity';

export interface ActivityDeps {
  orm: MikroORM;
}

/** Activity implementations, given their dependencies (Temporal's dependency-injection sample). */
export function createActivities(deps: ActivityDeps): MaintenanceActivities {
  return {
    async deleteExpiredLoginSessions() {
      return deps.orm.em.fork().nativeDelete(LoginSession, { expiresAt: { $lte: new Date() } });
    },
  };
}
