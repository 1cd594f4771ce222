/*
 * The load and fault bench's deployment: every piece its own process, as docker-compose runs them,
 * so each can be killed or restarted on its own while the others keep going. PostgreSQL, the
 * Temporal dev server and the speech service are the runtime's own starters (api/src/runtime/);
 * the api (RUN_WORKER=false) and the worker (`main.ts worker`) are the real entry point.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { spawnEntry, type EntryProcess } from '../../api/test/entry-process';
import { freePort } from '../../api/test/free-port';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../api/src/runtime/embedded-postgres';
import { startSpeechService, type EmbeddedSpeechService } from '../../api/src/runtime/speech-service';
import { DEFAULT_BACKGROUND_NICENESS } from '../../api/src/adapters/process/run-command';
import { startTemporalDevServer, type EmbeddedTemporal } from '../../api/src/runtime/temporal-dev-server';

const repo = path.resolve(__dirname, '../..');
const tools = path.join(repo, '.tools');

export interface Stack {
  url: string;
  api: EntryProcess;
  /** SIGKILL to the worker: no shutdown, its running activities are abandoned mid-flight. */
  killWorker(): Promise<void>;
  startWorker(): Promise<void>;
  /** PostgreSQL stops (fast shutdown: every connection is cut) and starts again on the same port and data. */
  restartPostgres(): Promise<void>;
  /** The speech service stops and starts again on the same port, models loaded anew. */
  restartSpeech(): Promise<void>;
  /** The output of the api and of every worker run so far, for the report when something went wrong. */
  logs(): string;
  stop(): Promise<void>;
}

export async function startStack(dir: string, log: (line: string) => void): Promise<Stack> {
  const pgPort = await freePort();
  const speechPort = await freePort();
  const startPostgres = () =>
    startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), port: pgPort, database: 'questlog' });
  const startSpeech = () =>
    startSpeechService({
      python: path.join(tools, 'speech/bin/python'),
      port: speechPort,
      model: path.join(tools, 'speech-models/whisper-base'),
      device: 'cpu',
      computeType: 'int8',
      threads: 2,
      workers: 2,
      // As `npm start` runs it: the bench measures reads while it transcribes below the api.
      niceness: DEFAULT_BACKGROUND_NICENESS,
    });

  let db: EmbeddedDatabase | undefined;
  let temporal: EmbeddedTemporal | undefined;
  let speech: EmbeddedSpeechService | undefined;
  let api: EntryProcess | undefined;
  let worker: EntryProcess | undefined;
  const workers: EntryProcess[] = [];
  const stop = async () => {
    for (const entry of [worker, api]) {
      if (entry && entry.child.exitCode === null && entry.child.signalCode === null) {
        entry.child.kill('SIGTERM');
        await entry.exited;
      }
    }
    await speech?.stop();
    await temporal?.stop();
    await db?.stop();
  };

  try {
    log('starting PostgreSQL, the Temporal dev server and the speech service (whisper-base)');
    db = await startPostgres();
    const temporalPort = await freePort();
    temporal = await startTemporalDevServer({
      cli: path.join(tools, 'temporal'),
      dataDir: dir,
      port: temporalPort,
      uiPort: await freePort(),
    });
    speech = await startSpeech();
    const port = await freePort();
    const env = {
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: db.url,
      TEMPORAL_ADDRESS: temporal.address,
      STT_URL: speech.url,
      // The api's embedded Mailpit, on ports of its own (the worker role sends no mail).
      MAILPIT_SMTP_PORT: String(await freePort()),
      MAILPIT_UI_PORT: String(await freePort()),
      WEB_DIST: '',
    };
    log('starting the api (RUN_WORKER=false)');
    // LOAD_FAULT_API_NODE_OPTIONS=--cpu-prof profiles the api under the load (written when it stops).
    const profile = process.env.LOAD_FAULT_API_NODE_OPTIONS;
    api = spawnEntry('api/src/main.ts', { ...env, RUN_WORKER: 'false', ...(profile ? { NODE_OPTIONS: profile } : {}) });
    if (!(await api.waitFor(/Questlog is running/, 180_000))) throw new Error(`api did not start:\n${api.output()}`);

    const startWorker = async () => {
      worker = spawnEntry('api/src/main.ts', env, ['worker']);
      workers.push(worker);
      const started = await worker.waitFor(/Questlog worker is running/, 180_000);
      if (!started) throw new Error(`worker did not start:\n${worker.output()}`);
    };
    log('starting the worker (main.ts worker)');
    await startWorker();

    return {
      url: `http://127.0.0.1:${port}`,
      api,
      startWorker,
      killWorker: async () => {
        const running = worker!;
        process.kill(-running.child.pid!, 'SIGKILL');
        await running.exited;
      },
      restartPostgres: async () => {
        await db!.stop();
        db = await startPostgres();
      },
      restartSpeech: async () => {
        await speech!.stop();
        speech = await startSpeech();
      },
      logs: () => [api!, ...workers].map((p, i) => `--- ${i ? `worker run ${i}` : 'api'}\n${p.output()}`).join('\n'),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
