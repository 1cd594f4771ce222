import path from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Client, ScheduleAlreadyRunning, ScheduleNotFoundError, type Connection } from '@temporalio/client';
import {
  bundleWorkflowCode,
  DefaultLogger,
  NativeConnection,
  Runtime,
  Worker,
  type WorkflowBundle,
} from '@temporalio/worker';
import {
  MAINTENANCE_QUEUE,
  PURGE_LOGINS_SCHEDULE_ID,
  RETIRED_SCHEDULE_IDS,
  SESSION_PROCESSING_QUEUE,
  SPEECH_TO_TEXT_QUEUE,
  SWEEP_STORAGE_SCHEDULE_ID,
} from '@questlog/workflows';
import type { Config } from '../config/config';
import { PgNotifyPublisher, type SessionPublisher } from '../modules/sessions';
import { createActivities, type WorkerServices } from '../processing';
import { createEngines, type Engines } from '../engines/engines';
import { createStorage } from '../storage/create-storage';
import type { AudioStorage } from '../storage/storage';

/** What the worker's services stand on besides the entity manager. */
export interface WorkerParts {
  config: Config;
  engines: Engines;
  publisher: SessionPublisher;
}

export interface WorkerDeps {
  orm: MikroORM;
  config: Config;
  temporalAddress: string;
  namespace: string;
  /** The api's client connection, used to create the maintenance schedule. */
  client: Connection;
  /**
   * Builds the pipeline's services around an entity manager: services.ts's createWorkerServices, so
   * the worker's services come from the one composition root, as a request's do.
   */
  createServices: (em: EntityManager, parts: WorkerParts) => WorkerServices;
  /** Replaces what the configuration would build (tests inject counting or failing engines). */
  overrides?: Partial<{ engines: Engines; storage: AudioStorage; publisher: SessionPublisher }>;
  /** A bundle made earlier in this process (bundling takes seconds; tests restart workers). */
  workflowBundle?: WorkflowBundle;
}

export interface RunningWorker {
  stop(): Promise<void>;
}

/** The workflow bundle entry, from src (tests, through ts) or dist (npm start) alike. */
export function workflowsPath(): string {
  return require.resolve(path.join(path.dirname(require.resolve('@questlog/workflows')), 'workflows'));
}

/** The workflow code bundled for the worker's sandbox. */
export function bundleWorkflows(): Promise<WorkflowBundle> {
  return bundleWorkflowCode({ workflowsPath: workflowsPath(), logger: quietBundlerLogger });
}

/**
 * Runs the Temporal workers in this process (maintenance, session processing and speech-to-text)
 * and makes sure the maintenance schedules exist. The workflow code is bundled once and shared.
 */
export async function startWorker(deps: WorkerDeps): Promise<RunningWorker> {
  quietSdkLogs();
  const connection = await NativeConnection.connect({ address: deps.temporalAddress });
  try {
    const workflowBundle = deps.workflowBundle ?? (await bundleWorkflows());
    const parts: WorkerParts = {
      config: deps.config,
      engines: deps.overrides?.engines ?? createEngines(deps.config),
      publisher: deps.overrides?.publisher ?? new PgNotifyPublisher(() => deps.orm.em.fork()),
    };
    const activities = createActivities({
      orm: deps.orm,
      config: deps.config,
      engines: parts.engines,
      storage: deps.overrides?.storage ?? createStorage(deps.config),
      // Each activity run forks the entity manager once and works in its fork.
      services: () => deps.createServices(deps.orm.em.fork(), parts),
    });
    const workers = await Promise.all([
      ...[MAINTENANCE_QUEUE, SESSION_PROCESSING_QUEUE].map((taskQueue) =>
        Worker.create({
          connection,
          namespace: deps.namespace,
          taskQueue,
          workflowBundle,
          activities,
        }),
      ),
      /*
       * The worker-wide cap on transcription: this worker polls the speech-to-text queue for at most
       * STT_MAX_CONCURRENCY chunks at once, whatever the number of sessions and their per-session
       * TRANSCRIBE_CONCURRENCY. Chunks beyond it wait on the server, not started, so no heartbeat or
       * start-to-close timeout runs against them (a semaphore inside the activity would hold started
       * activities instead, whose timeouts would tick while they wait). Other workers take the rest.
       */
      Worker.create({
        connection,
        namespace: deps.namespace,
        taskQueue: SPEECH_TO_TEXT_QUEUE,
        activities: { transcribeChunk: activities.transcribeChunk },
        maxConcurrentActivityTaskExecutions: deps.config.STT_MAX_CONCURRENCY,
      }),
    ]);
    const running = workers.map((worker) => worker.run());
    await ensureSchedules(deps);
    return {
      stop: async () => {
        for (const worker of workers) worker.shutdown();
        await Promise.all(running);
        await connection.close();
      },
    };
  } catch (err) {
    await connection.close();
    throw err;
  }
}

/** The maintenance workflows Temporal runs on a timer; created once, kept if they exist. */
const SCHEDULES = [
  { scheduleId: PURGE_LOGINS_SCHEDULE_ID, workflowType: 'purgeExpiredLogins', every: '1h' },
  // Orphans come only from crashes, and the grace is a day: a few sweeps a day are plenty.
  { scheduleId: SWEEP_STORAGE_SCHEDULE_ID, workflowType: 'sweepOrphanedStorage', every: '6h' },
];

async function ensureSchedules(deps: WorkerDeps): Promise<void> {
  const client = new Client({ connection: deps.client, namespace: deps.namespace });
  for (const { scheduleId, workflowType, every } of SCHEDULES) {
    try {
      await client.schedule.create({
        scheduleId,
        spec: { intervals: [{ every }] },
        action: { type: 'startWorkflow', workflowType, taskQueue: MAINTENANCE_QUEUE, workflowId: scheduleId },
      });
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    }
  }
  // A schedule kept from before a rename would start a workflow type no worker runs any more.
  for (const scheduleId of RETIRED_SCHEDULE_IDS) {
    await client.schedule
      .getHandle(scheduleId)
      .delete()
      .catch((err: unknown) => {
        if (!(err instanceof ScheduleNotFoundError)) throw err;
      });
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
