import { proxyActivities } from '@temporalio/workflow';
import type { MaintenanceActivities } from './activities';

const { deleteExpiredLogins } = proxyActivities<MaintenanceActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 5, initialInterval: '5 seconds' },
});

/**
 * Expired logins are refused at sign-in time but their rows stay; a Temporal schedule runs this
 * hourly so the table does not grow without bound.
 */
export async function purgeExpiredLogins(): Promise<number> {
  return deleteExpiredLogins();
}
