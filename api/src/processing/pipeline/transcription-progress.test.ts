import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gameNight, makeSessionRecording, type SessionRecording } from '../../../test/audio-fixtures';
import { createCampaign, createUser } from '../../../test/factories';
import { OpenAICompatibleServer } from '../../../test/openai-compatible-server';
import {
  startProcessingApp,
  startWorkerTranscribingWith,
  storeAndProcess,
  waitForStatus,
  type ProcessingTestApp,
} from '../../../test/processing';
import { Session, SessionStatus } from '../../kernel/entities/session.entity';

/*
 * A recording shorter than one chunk is transcribed in one request: the progress bar must move
 * while that request runs (an estimate by the audio's length), not sit at the stage's start.
 */
const STT = 'audio/transcriptions';
const TRANSCRIBE_STARTS = 0.08;
const TRANSCRIBE_ENDS = 0.85;

let app: ProcessingTestApp;
let server: OpenAICompatibleServer;
let dir: string;
let recording: SessionRecording;

beforeAll(async () => {
  app = await startProcessingApp({ PROCESSING_MAX_CHUNK_SECONDS: '600' });
  server = await OpenAICompatibleServer.start();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stt-progress-'));
  recording = await makeSessionRecording(dir, gameNight.slice(0, 4), { wordsPerMinute: 200, pauseMs: 600 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await app?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const progressOf = async (id: string) => (await app.orm.em.fork().findOneOrFail(Session, id)).progress;

test('progress moves through the transcription stage while its one chunk is transcribed', async () => {
  const seen: number[] = [];
  let sessionId = '';
  server.on(STT, async () => {
    // Hold the answer until the bar has moved past the stage's start (or 30 s, and the test fails).
    for (let waited = 0; waited < 30_000; waited += 250) {
      seen.push(await progressOf(sessionId));
      if (seen[seen.length - 1] > TRANSCRIBE_STARTS) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { json: { text: 'The dragon lands.', segments: [{ start: 0.1, end: 2.5, text: 'The dragon lands.' }] } };
  });
  const worker = await startWorkerTranscribingWith(app, server);
  try {
    const owner = await createUser(app);
    const campaignId = await createCampaign(owner);
    sessionId = await storeAndProcess(app, campaignId, recording.path);
    const session = await waitForStatus(app, sessionId, [SessionStatus.READY, SessionStatus.FAILED]);
    expect(session.failureReason ?? null).toBeNull();
    expect(server.requestsTo(STT)).toHaveLength(1);
    const during = seen.filter((p) => p > TRANSCRIBE_STARTS);
    expect(during.length).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBeLessThan(TRANSCRIBE_ENDS);
  } finally {
    await worker.stop();
  }
}, 300_000);
