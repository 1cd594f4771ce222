/** Activity contract for maintenance workflows; implemented in api/src/worker (where the data lives). */
export interface MaintenanceActivities {
  /** Deletes login sessions whose expiry has passed; returns how many went. */
  deleteExpiredLoginSessions(): Promise<number>;
}

export const MAINTENANCE_QUEUE = 'maintenance';
export const PURGE_SESSIONS_SCHEDULE_ID = 'purge-expired-login-sessions';
