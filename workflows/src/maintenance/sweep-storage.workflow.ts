import { proxyActivities } from '@temporalio/workflow';
import type { MaintenanceActivities, StorageSweep } from './activities';

const { sweepStorage } = proxyActivities<MaintenanceActivities>({
  // Listing a large bucket takes a while; a failed sweep is simply tried again, then by the next run.
  startToCloseTimeout: '1 hour',
  retry: { maximumAttempts: 3, initialInterval: '1 minute' },
});

/**
 * An upload stores its audio first and creates the session row after; a crash in between, or
 * during processing, leaves files nothing points to. A Temporal schedule runs this every few hours
 * to remove what is older than the grace period (STORAGE_SWEEP_GRACE_HOURS, read by the activity).
 */
export async function sweepOrphanedStorage(): Promise<StorageSweep> {
  return sweepStorage();
}
