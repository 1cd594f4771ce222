import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ref } from '@mikro-orm/core';
import { Client } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import type { WorkflowBundle } from '@temporalio/worker';
import { createClient, type Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { Campaign } from '../src/kernel/entities/campaign.entity';
import { Session, SessionStatus } from '../src/kernel/entities/session.entity';
import { startSessionProcessing } from '../src/modules/sessions/session-workflow';
import type { ChunkTranscript, SpeechToText, TranscribeOptions } from '../src/engines/speech-to-text/speech-to-text';
import { createStorage } from '../src/storage/create-storage';
import { sessionAudioKey } from '../src/storage/storage-key';
import type { AudioStorage } from '../src/storage/storage';
import { bundleWorkflows, startWorker, type RunningWorker, type WorkerDeps } from '../src/worker/worker';
import { createEngines } from '../src/engines/engines';
import { createWorkerServices } from '../src/services';
import { startTestApp, type TestApp } from './app';
import type { OpenAICompatibleServer } from './openai-compatible-server';
import type { TestUser } from './factories';
import { readRuntime } from './runtime-file';

/** A test app with its own Temporal namespace and audio directory, and workers to run against it. */
export interface ProcessingTestApp extends TestApp {
  namespace: string;
  storage: AudioStorage;
  workflows: Client['workflow'];
  startWorker(overrides?: WorkerDeps['overrides']): Promise<RunningWorker>;
}

let bundle: Promise<WorkflowBundle> | undefined;

/**
 * The workflow code bundled once per run and shared by the files through the run's directory:
 * bundling takes 1.6 CPU-seconds and twenty-odd files start workers (issue 27). The directory is
 * new each run, so the bundle is always of the code under test. Two files bundling at once both
 * write it whole (a rename), and either copy is the same.
 */
async function runBundle(): Promise<WorkflowBundle> {
  const file = path.join(readRuntime().dir, 'workflow-bundle.js');
  try {
    return { code: await fs.readFile(file, 'utf8') };
  } catch {
    const built = await bundleWorkflows();
    const partial = `${file}.${process.pid}.part`;
    await fs.writeFile(partial, built.code);
    await fs.rename(partial, file);
    return built;
  }
}

/**
 * Test files run in parallel against one Temporal server; a namespace per file keeps one file's
 * worker from picking up another file's sessions (which live in another database).
 */
export async function startProcessingApp(env: Record<string, string> = {}): Promise<ProcessingTestApp> {
  const namespace = `questlog-test-${process.pid}-${Date.now()}`;
  const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'questlog-audio-'));
  const app = await startTestApp({ TEMPORAL_NAMESPACE: namespace, STORAGE_DIR: storageDir, ...env });
  await app.temporal.workflowService.registerNamespace({
    namespace,
    workflowExecutionRetentionPeriod: msToTs('1 day'),
  });
  const workflows = new Client({ connection: app.temporal, namespace }).workflow;
  // Registration takes a moment to reach every part of the server.
  await eventually(() => workflows.count('WorkflowType="none"'), 10_000);
  bundle ??= runBundle();
  const workflowBundle = await bundle;
  return {
    ...app,
    namespace,
    storage: createStorage(app.config),
    workflows,
    startWorker: (overrides) =>
      startWorker({
        orm: app.orm,
        config: app.config,
        temporalAddress: readRuntime().temporalAddress,
        namespace,
        client: app.temporal,
        overrides,
        workflowBundle,
        createServices: createWorkerServices,
      }),
    close: async () => {
      await app.close();
      await fs.rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** A processing app with its worker running; closing it stops the worker first, then the app. */
export async function startProcessingAppWithWorker(
  env: Record<string, string> = {},
): Promise<ProcessingTestApp & { worker: RunningWorker }> {
  const app = await startProcessingApp(env);
  const worker = await app.startWorker();
  return {
    ...app,
    worker,
    close: async () => {
      await worker.stop();
      await app.close();
    },
  };
}

/** What the upload endpoint leaves behind before it starts the workflow: a PROCESSING session with its audio stored. */
export async function storeSession(app: ProcessingTestApp, campaignId: string, file: string): Promise<string> {
  const em = app.orm.em.fork();
  const session = em.create(Session, {
    campaign: ref(em.getReference(Campaign, campaignId)),
    title: 'Game night',
    originalFileName: path.basename(file),
    status: SessionStatus.PROCESSING,
  });
  session.storageKey = sessionAudioKey(session.id, path.extname(file));
  await app.storage.put(session.storageKey, createReadStream(file));
  await em.flush();
  return session.id;
}

/** Stores the audio as the upload does and starts processing it. */
export async function storeAndProcess(app: ProcessingTestApp, campaignId: string, file: string): Promise<string> {
  const sessionId = await storeSession(app, campaignId, file);
  await startSessionProcessing(app.workflows, sessionId);
  return sessionId;
}

/** Polls until the session has one of `statuses`; returns the row. */
export async function waitForStatus(
  app: TestApp,
  sessionId: string,
  statuses: SessionStatus[],
  timeoutMs = 240_000,
): Promise<Session> {
  return eventually(async () => {
    const session = await app.orm.em.fork().findOneOrFail(Session, sessionId, { populate: ['fullTranscript'] });
    if (!statuses.includes(session.status)) throw new Error(`session is ${session.status} at ${session.stage}`);
    return session;
  }, timeoutMs);
}

export async function eventually<T>(check: () => Promise<T>, timeoutMs: number, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}

/** A graphql-ws client signed in as `user` through its session cookie, as a browser would be (signed out without one). */
export function subscriptionClient(app: TestApp, user?: TestUser): WsClient {
  const cookie = [...(user?.client.cookies ?? [])].map(([k, v]) => `${k}=${v}`).join('; ');
  class CookieWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie } });
    }
  }
  return createClient({
    url: `${app.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: CookieWebSocket,
    lazy: false,
    retryAttempts: 0,
  });
}

/** Collects every value (and error) of a subscription until `stop` is called. */
export function collect<T>(client: WsClient, query: string, variables: Record<string, unknown>) {
  const values: T[] = [];
  const errors: unknown[] = [];
  const stop = client.subscribe<T>(
    { query, variables },
    {
      next: (value) => (value.errors ? errors.push(...value.errors) : values.push(value.data as T)),
      error: (err) => errors.push(err),
      complete: () => undefined,
    },
  );
  return { values, errors, stop };
}

/** Per-chunk call counts (and the prompts and languages given) of a real speech engine, keyed by the chunk's index. */
export class CountingSpeechToText implements SpeechToText {
  readonly started = new Map<number, number>();
  readonly finished = new Map<number, number>();
  readonly prompts: Array<string | undefined> = [];
  readonly languages: Array<string | undefined> = [];

  constructor(private readonly engine: SpeechToText) {}

  async transcribe(chunkPath: string, options?: TranscribeOptions): Promise<ChunkTranscript> {
    const index = Number(/chunk-(\d+)\.wav$/.exec(chunkPath)?.[1]);
    this.started.set(index, (this.started.get(index) ?? 0) + 1);
    this.prompts.push(options?.prompt);
    this.languages.push(options?.language);
    const result = await this.engine.transcribe(chunkPath, options);
    this.finished.set(index, (this.finished.get(index) ?? 0) + 1);
    return result;
  }

  get inFlight(): number {
    let n = 0;
    for (const [index, count] of this.started) n += count - (this.finished.get(index) ?? 0);
    return n;
  }
}

/** A worker whose speech-to-text is `server` (an OpenAI-compatible test server the test scripts). */
export function startWorkerTranscribingWith(
  app: ProcessingTestApp,
  server: OpenAICompatibleServer,
): Promise<RunningWorker> {
  const engines = createEngines({
    ...app.config,
    SPEECH_TO_TEXT_ENGINE: 'openai',
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_API_KEY: server.apiKey,
  });
  return app.startWorker({ engines });
}
