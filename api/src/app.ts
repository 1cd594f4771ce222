import { Connection } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config/config';
import { resolveSessionSecret } from './config/session-secret';
import { connectDatabase } from './db/orm';
import { setBackgroundNiceness } from './adapters/process/run-command';
import { startRuntime } from './runtime/runtime';
import { startServer } from './server';
import { startWorker } from './worker/worker';
import { createWorkerServices } from './services';

/** `all`: api + worker (RUN_WORKER) in one process, as `npm start`; `worker`: only the Temporal worker. */
export type Role = 'all' | 'worker';

export interface RunningApp {
  /** Where the api listens (loopback address; PORT=0 picks a free port); absent in the worker role. */
  url?: string;
  temporalUiUrl?: string;
  /** The embedded Mailpit's web inbox, where the mail this app sent can be read (SMTP_URL unset). */
  mailUrl?: string;
  orm: MikroORM;
  /** Stops the server, the worker, the connections and every child process, in that order. */
  stop(): Promise<void>;
}

/** One slow or stuck part must not keep the others (and the child processes) from stopping. */
const STOP_STEP_TIMEOUT_MS = 15_000;

/**
 * Everything `npm start` runs: embedded PostgreSQL / Temporal where none are configured, migrations,
 * the worker (RUN_WORKER) and the HTTP server; in the `worker` role (docker-compose's worker) just
 * the worker. On a failure part way it stops what it had started, so nothing is left running.
 */
export async function startApp(
  config: Config,
  log: (line: string) => void = () => undefined,
  role: Role = 'all',
): Promise<RunningApp> {
  const cleanups: Array<{ name: string; run: () => Promise<unknown> }> = [];
  const stop = async () => {
    for (const { name, run } of cleanups.splice(0).reverse()) {
      await bounded(run(), STOP_STEP_TIMEOUT_MS).catch((e) =>
        console.error(`stopping ${name} failed: ${(e as Error).message}`),
      );
    }
  };
  // Before any child process starts: ffmpeg and the speech service start at this priority.
  setBackgroundNiceness(config.BACKGROUND_NICENESS);
  try {
    // Before any child process starts: a secret file we may not use stops the start at once.
    const sessionSecret = role === 'worker' ? undefined : resolveSessionSecret(config);
    const runsWorker = config.RUN_WORKER || role === 'worker';
    const runtime = await startRuntime(config, log, { runsWorker, sendsMail: role !== 'worker' });
    cleanups.push({ name: 'embedded services', run: runtime.stop });
    const orm = await connectDatabase(runtime.databaseUrl, { quiet: config.NODE_ENV === 'test' });
    cleanups.push({ name: 'database connection', run: () => orm.close() });
    const temporal = await Connection.connect({ address: runtime.temporalAddress, connectTimeout: '10s' }).catch(
      (err: Error) => Promise.reject(new Error(`Temporal at ${runtime.temporalAddress}: ${err.message}`)),
    );
    cleanups.push({ name: 'Temporal connection', run: () => temporal.close() });
    if (runsWorker) {
      const worker = await startWorker({
        orm,
        config: runtime.speechUrl ? { ...config, STT_URL: runtime.speechUrl } : config,
        temporalAddress: runtime.temporalAddress,
        namespace: config.TEMPORAL_NAMESPACE,
        client: temporal,
        createServices: createWorkerServices,
      });
      cleanups.push({ name: 'Temporal worker', run: worker.stop });
    }
    if (role === 'worker') return { temporalUiUrl: runtime.temporalUiUrl, orm, stop };
    const smtpUrl = config.SMTP_URL ?? runtime.mail?.smtpUrl;
    const server = await startServer({
      config: { ...config, SESSION_SECRET: sessionSecret, SMTP_URL: smtpUrl },
      orm,
      temporal,
    });
    cleanups.push({ name: 'HTTP server', run: server.close });
    return { url: server.url, temporalUiUrl: runtime.temporalUiUrl, mailUrl: runtime.mail?.httpUrl, orm, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no result within ${ms / 1000}s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
