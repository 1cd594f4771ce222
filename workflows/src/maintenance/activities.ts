/** Activity contract for maintenance workflows; implemented in api/src/worker (where the data lives). */
export interface MaintenanceActivities {
  /** Deletes logins whose expiry has passed; returns how many went. */
  deleteExpiredLogins(): Promise<number>;
  /** Removes stored audio with no session row, unfinished writes and scratch files past the grace period. */
  sweepStorage(): Promise<StorageSweep>;
}

/** What one storage sweep removed. */
export interface StorageSweep {
  /** Stored objects whose session row does not exist. */
  orphans: number;
  /** Writes a killed process never finished (temp files, multipart uploads). */
  unfinished: number;
  /** Working directories and scratch files left on the worker's machine. */
  scratch: number;
}

export const MAINTENANCE_QUEUE = 'maintenance';
export const PURGE_LOGINS_SCHEDULE_ID = 'purge-expired-logins';
/** Schedules of workflow types that no longer exist (renamed): the worker deletes them at start. */
export const RETIRED_SCHEDULE_IDS = ['purge-expired-login-sessions'];
export const SWEEP_STORAGE_SCHEDULE_ID = 'sweep-orphaned-storage';
