import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SESSION_PROCESSING_QUEUE, sessionWorkflowId } from '@questlog/workflows';
import { gameNight, makeSessionRecording, type SessionRecording } from '../../../test/audio-fixtures';
import { createCampaign, createUser, type TestUser } from '../../../test/factories';
import { errorReply, OpenAICompatibleServer, type RecordedRequest } from '../../../test/openai-compatible-server';
import {
  CountingSpeechToText,
  eventually,
  startProcessingApp,
  startWorkerTranscribingWith,
  storeAndProcess,
  waitForStatus,
  type ProcessingTestApp,
} from '../../../test/processing';
import { freePort } from '../../../test/free-port';
import { readRuntime } from '../../../test/runtime-file';
import { Session, SessionStatus } from '../../kernel/entities/session.entity';
import { SessionChunk } from '../../kernel/entities/session-chunk.entity';
import { UsageRecord } from '../../kernel/entities/usage-record.entity';
import { startSpeechService, type EmbeddedSpeechService } from '../../runtime/speech-service';
import { createEngines } from '../../engines/engines';

const run = promisify(execFile);
const STT = 'audio/transcriptions';
/**
 * The tests that wait on Whisper (the shared speech service, at the product's +10 below the suite's
 * own processes): 98-193 s and 108-151 s in full fresh-clone runs. A bound on a hang.
 */
const TRANSCRIBED_WITHIN_MS = 480_000;

let app: ProcessingTestApp;
let owner: TestUser;
let campaignId: string;
let dir: string;
let recording: SessionRecording;
let server: OpenAICompatibleServer;

beforeAll(async () => {
  app = await startProcessingApp({ PROCESSING_MAX_CHUNK_SECONDS: '4', TRANSCRIBE_CONCURRENCY: '2' });
  owner = await createUser(app);
  campaignId = await createCampaign(owner);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faults-'));
  recording = await makeSessionRecording(dir, gameNight.slice(0, 5), { wordsPerMinute: 200, pauseMs: 600 });
  server = await OpenAICompatibleServer.start();
}, 120_000);

afterAll(async () => {
  await server?.close();
  await app?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const doneChunks = async (sessionId: string) =>
  (await app.orm.em.fork().find(SessionChunk, { session: sessionId, done: true })).map((c) => c.index);

test(
  'a worker killed during transcription: a new worker finishes the session, finished chunks are not redone',
  async () => {
    const engines = createEngines(app.config);
    const speech = new CountingSpeechToText(engines.speechToText);
    const first = await app.startWorker({ engines: { ...engines, speechToText: speech } });
    const sessionId = await storeAndProcess(app, campaignId, recording.path);

    // Stop it abruptly once a chunk is finished and another is being transcribed.
    const finishedBeforeKill = await eventually(
      async () => {
        const done = await doneChunks(sessionId);
        if (!done.length || speech.inFlight === 0) throw new Error('no chunk finished, or none in flight');
        return done;
      },
      120_000,
      50,
    );
    await first.stop();
    const total = await app.orm.em.fork().count(SessionChunk, { session: sessionId });
    console.log(`killed the worker with chunks ${finishedBeforeKill.join(', ')} of ${total} done`);
    expect(finishedBeforeKill.length).toBeLessThan(total);

    const second = await app.startWorker({ engines: { ...engines, speechToText: speech } });
    try {
      const session = await waitForStatus(app, sessionId, [SessionStatus.READY, SessionStatus.FAILED]);
      expect(session.failureReason ?? null).toBeNull();
      expect(session.status).toBe(SessionStatus.READY);
    } finally {
      await second.stop();
    }
    expect((await doneChunks(sessionId)).length).toBe(total);
    for (const index of finishedBeforeKill) expect(speech.started.get(index)).toBe(1);
    for (let index = 0; index < total; index++) expect(speech.finished.get(index)).toBeGreaterThanOrEqual(1);
  },
  TRANSCRIBED_WITHIN_MS,
);

test(
  'the speech service down or not warm yet: the session waits in "transcribing", then finishes',
  async () => {
    const port = await freePort();
    const engines = createEngines({ ...app.config, STT_URL: `http://127.0.0.1:${port}/v1`, OPENAI_MAX_RETRIES: 0 });
    const worker = await app.startWorker({ engines });
    let service: EmbeddedSpeechService | undefined;
    try {
      const sessionId = await storeAndProcess(app, campaignId, recording.path);
      // Nothing listens yet: transcription attempts fail and are retried with backoff.
      const handle = app.workflows.getHandle(sessionWorkflowId(sessionId));
      await eventually(async () => {
        const { raw } = await handle.describe();
        const attempts = (raw.pendingActivities ?? []).map((a) => a.attempt ?? 0);
        if (!attempts.some((n) => n >= 3)) throw new Error(`attempts so far: ${attempts.join(', ')}`);
      }, 60_000);
      const waiting = await app.orm.em.fork().findOneOrFail(Session, sessionId);
      expect({ status: waiting.status, stage: waiting.stage }).toEqual({
        status: SessionStatus.PROCESSING,
        stage: 'transcribe',
      });

      // The service comes up (as the embedded one does after a crash): the next attempts get through.
      service = await startSpeechService({
        python: path.resolve(__dirname, '../../../../.tools/speech/bin/python'),
        port,
        model: path.resolve(__dirname, '../../../../.tools/speech-models/whisper-tiny.en'),
        device: 'cpu',
        computeType: 'int8',
        threads: 1,
        workers: 2,
        niceness: app.config.BACKGROUND_NICENESS,
      });
      const session = await waitForStatus(app, sessionId, [SessionStatus.READY, SessionStatus.FAILED]);
      expect(session.failureReason ?? null).toBeNull();
      expect(session.status).toBe(SessionStatus.READY);
      expect(session.fullTranscript.toLowerCase()).toContain('dragon');
    } finally {
      await worker.stop();
      await service?.stop();
    }
  },
  TRANSCRIBED_WITHIN_MS,
);

/** The OpenAI-compatible engine against the local server; chunk N is answered with script line N. */
function transcriptionService(state: { failing: boolean; served: number }) {
  server.reset();
  server.on(STT, (request: RecordedRequest) => {
    if (state.failing && state.served > 0) return errorReply(400, 'The model `whisper-1` does not exist');
    state.served++;
    const index = Number(/chunk-(\d+)\.wav$/.exec(request.file!.name)![1]);
    const line = gameNight[index % gameNight.length].text;
    return { json: { text: line, segments: [{ start: 0.1, end: 2.5, text: line }] } };
  });
  return startWorkerTranscribingWith(app, server);
}

const requestsFor = (index: number) =>
  server.requestsTo(STT).filter((r) => r.file?.name === `chunk-${String(index).padStart(4, '0')}.wav`);

async function failOnce(state: { failing: boolean; served: number }) {
  const sessionId = await storeAndProcess(app, campaignId, recording.path);
  const failed = await waitForStatus(app, sessionId, [SessionStatus.READY, SessionStatus.FAILED]);
  expect(failed.status).toBe(SessionStatus.FAILED);
  expect(failed.failureReason).toMatch(/^Transcription failed: The speech-to-text service answered HTTP 400/);
  // The run itself closes as Failed just after the row says so: that is what operators filter on.
  await eventually(async () => {
    const { status } = await app.workflows.getHandle(sessionWorkflowId(sessionId)).describe();
    if (status.name !== 'FAILED') throw new Error(`workflow is ${status.name}`);
  }, 30_000);
  const usage = await app.orm.em.fork().find(UsageRecord, { sessionId }, { orderBy: { seconds: 'desc' } });
  const seconds = Math.ceil(recording.durationMs / 1000);
  expect(usage.map((u) => [u.reason, u.seconds])).toEqual([
    ['charge', seconds],
    ['refund', -seconds],
  ]);
  // The chunk that got through may be saved just after the failure of its sibling ended the run.
  const finished = await eventually(async () => {
    const done = await doneChunks(sessionId);
    if (done.length !== 1) throw new Error(`${done.length} chunks done`);
    return done;
  }, 10_000);
  state.failing = false;
  return { sessionId, finished: finished[0] };
}

async function expectReadyWithoutRedo(sessionId: string, finished: number) {
  const session = await waitForStatus(app, sessionId, [SessionStatus.READY, SessionStatus.FAILED]);
  expect(session.failureReason ?? null).toBeNull();
  expect(session.status).toBe(SessionStatus.READY);
  expect(session.detailedSummary.length).toBeGreaterThan(session.briefSummary.length);
  const total = await app.orm.em.fork().count(SessionChunk, { session: sessionId });
  expect((await doneChunks(sessionId)).length).toBe(total);
  expect(requestsFor(finished)).toHaveLength(1);
  // The failed attempt was refunded; the successful one is charged: the session costs its length once.
  const seconds = Math.ceil(recording.durationMs / 1000);
  const lines = await app.orm.em.fork().find(UsageRecord, { sessionId }, { orderBy: { createdAt: 'asc' } });
  expect(lines.map((u) => [u.reason, u.seconds])).toEqual([
    ['charge', seconds],
    ['refund', -seconds],
    ['charge', seconds],
  ]);
}

test('an engine that fails for good: FAILED with a readable reason and the usage refunded; retrySession then succeeds', async () => {
  const state = { failing: true, served: 0 };
  const worker = await transcriptionService(state);
  try {
    const { sessionId, finished } = await failOnce(state);
    const stranger = await createUser(app, { email: 'stranger@example.com' });
    const RETRY = 'mutation($id: ID!) { retrySession(id: $id) { id status failureReason } }';
    const refused = await stranger.client.gql(RETRY, { id: sessionId });
    expect(refused.body.errors?.[0]).toMatchObject({ message: 'Session not found', extensions: { code: 'NOT_FOUND' } });

    const retried = await owner.client.gql(RETRY, { id: sessionId });
    expect(retried.body.data.retrySession).toEqual({ id: sessionId, status: 'PROCESSING', failureReason: null });
    await expectReadyWithoutRedo(sessionId, finished);

    const again = await owner.client.gql(RETRY, { id: sessionId });
    expect(again.body.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT' } });
  } finally {
    await worker.stop();
  }
}, 300_000);

/** The operator's two ways back (README), exactly as typed at the command line. */
const operatorCommands: Array<[string, (sessionId: string) => string[]]> = [
  [
    'temporal workflow reset',
    (id) => [
      'workflow',
      'reset',
      '--workflow-id',
      sessionWorkflowId(id),
      '--type',
      'FirstWorkflowTask',
      '--reason',
      'engine fixed',
    ],
  ],
  [
    'temporal workflow start',
    (id) => [
      ...['workflow', 'start', '--type', 'processSession', '--task-queue', SESSION_PROCESSING_QUEUE],
      ...['--workflow-id', sessionWorkflowId(id), '--input', JSON.stringify({ sessionId: id })],
    ],
  ],
];

test.each(operatorCommands)(
  "the operator's path `%s` on the failed session ends READY without redoing chunks",
  async (_name, command) => {
    const state = { failing: true, served: 0 };
    const worker = await transcriptionService(state);
    try {
      const { sessionId, finished } = await failOnce(state);
      const { runId: failedRunId } = await app.workflows.getHandle(sessionWorkflowId(sessionId)).describe();
      const cli = path.resolve(__dirname, '../../../../.tools/temporal');
      await run(cli, [...command(sessionId), '--namespace', app.namespace, '--address', readRuntime().temporalAddress]);
      // The new run's own outcome: a still-running (or not yet started) run is waited for.
      const outcome = await eventually(async () => {
        const { status, runId } = await app.workflows.getHandle(sessionWorkflowId(sessionId)).describe();
        if (runId === failedRunId || status.name === 'RUNNING') throw new Error(`workflow is ${status.name}`);
        return status.name;
      }, 120_000);
      const session = await app.orm.em.fork().findOneOrFail(Session, sessionId);
      expect({ outcome, failureReason: session.failureReason }).toEqual({ outcome: 'COMPLETED', failureReason: null });
      await expectReadyWithoutRedo(sessionId, finished);
    } finally {
      await worker.stop();
    }
  },
  300_000,
);
