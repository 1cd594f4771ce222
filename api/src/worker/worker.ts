import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client, ScheduleAlreadyRunning, type Connection } from '@temporalio/client';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { MAINTENANCE_QUEUE, PURGE_SESSIONS_SCHEDULE_ID } from '@questlog/workflows';
import { createActivities } from './activities';

export interface WorkerDeps {
  orm: MikroORM;
  temporalAddress: string;
  namespace: string;
  /** The api's client connection, used to create the maintenance schedule. */
  client: Connection;
}

export interface RunningWorker {
  stop(): Promise<void>;
}

/** The workflow bundle entry, from src (tests, through ts) or dist (npm start) alike. */
export function workflowsPath(): string {
  return require.resolve(path.join(path.dirname(require.resolve('@questlog/workflows')), 'workflows'));
}

/**
 * Runs the Temporal worker(s) in this process and makes sure the maintenance schedule exists.
 * The workflow code is bundled once and shared by every worker.
 */
export async function startWorker(deps: WorkerDeps): Promise<RunningWorker> {
  quietSdkLogs();
  const connection = await NativeConnection.connect({ address: deps.temporalAddress });
  try {
    const workflowBundle = await bundleWorkflowCode({ workflowsPath: workflowsPath(), logger: quietBundlerLogger });
    const activities = createActivities({ orm: deps.orm });
    const maintenance = await Worker.create({
      connection,
      namespace: deps.namespace,
      taskQueue: MAINTENANCE_QUEUE,
      workflowBundle,
      activities,
    });
    const running = maintenance.run();
    await ensurePurgeSchedule(deps);
    return {
      stop: async () => {
        maintenance.shutdown();
        await running;
        await connection.close();
      },
    };
  } catch (err) {
    await connection.close();
    throw err;
  }
}

async function ensurePurgeSchedule(deps: WorkerDeps): Promise<void> {
  const client = new Client({ connection: deps.client, namespace: deps.namespace });
  try {
    await client.schedule.create({
      scheduleId: PURGE_SESSIONS_SCHEDULE_ID,
      spec: { intervals: [{ every: '1h' }] },
      action: {
        type: 'startWorkflow',
        workflowType: 'purgeExpiredSessions',
        taskQueue: MAINTENANCE_QUEUE,
        workflowId: PURGE_SESSIONS_SCHEDULE_ID,
      },
    });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
}

/** Worker state chatter at INFO drowns the app's own output; warnings and errors still show. */
function quietSdkLogs(): void {
  try {
    // No shutdownSignals: main.ts owns the signals and stops the worker before the database it uses.
    Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] });
  } catch {
    // Already installed by an earlier worker in this process: keep that one.
  }
}

const quietBundlerLogger = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
};
