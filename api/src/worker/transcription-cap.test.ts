import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gameNight, makeSessionRecording, type SessionRecording } from '../../test/audio-fixtures';
import { createCampaign, createUser } from '../../test/factories';
import { OpenAICompatibleServer } from '../../test/openai-compatible-server';
import {
  startProcessingApp,
  startWorkerTranscribingWith,
  storeAndProcess,
  waitForStatus,
  type ProcessingTestApp,
} from '../../test/processing';
import { SessionChunk } from '../kernel/entities/session-chunk.entity';
import { SessionStatus } from '../kernel/entities/session.entity';

/*
 * STT_MAX_CONCURRENCY caps the transcriptions one worker runs at once across every session. Seen
 * from the speech service's side: two sessions of several chunks, each allowed two chunks at once
 * (TRANSCRIBE_CONCURRENCY=2), never have more than one request in flight with a cap of 1.
 */

const STT = 'audio/transcriptions';

let app: ProcessingTestApp;
let server: OpenAICompatibleServer;
let dir: string;
let recording: SessionRecording;

beforeAll(async () => {
  app = await startProcessingApp({
    PROCESSING_MAX_CHUNK_SECONDS: '4',
    TRANSCRIBE_CONCURRENCY: '2',
    STT_MAX_CONCURRENCY: '1',
  });
  server = await OpenAICompatibleServer.start();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stt-cap-'));
  recording = await makeSessionRecording(dir, gameNight.slice(0, 5), { wordsPerMinute: 200, pauseMs: 600 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await app?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

test('with STT_MAX_CONCURRENCY=1, two sessions processed at once never have two transcriptions in flight', async () => {
  let inFlight = 0;
  let mostInFlight = 0;
  server.on(STT, async () => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    // Long enough that, uncapped, the four lanes of the two sessions overlap here.
    await new Promise((resolve) => setTimeout(resolve, 400));
    inFlight--;
    return { json: { text: 'The dragon lands.', segments: [{ start: 0.1, end: 2.5, text: 'The dragon lands.' }] } };
  });
  const worker = await startWorkerTranscribingWith(app, server);
  try {
    const owner = await createUser(app);
    const campaignId = await createCampaign(owner);
    const sessions = await Promise.all([1, 2].map(() => storeAndProcess(app, campaignId, recording.path)));
    for (const sessionId of sessions) {
      const session = await waitForStatus(app, sessionId, [SessionStatus.READY, SessionStatus.FAILED]);
      expect(session.failureReason ?? null).toBeNull();
    }
    const chunks = await app.orm.em.fork().count(SessionChunk, { session: { $in: sessions } });
    expect(chunks).toBeGreaterThanOrEqual(4);
    expect(server.requestsTo(STT)).toHaveLength(chunks);
    expect(mostInFlight).toBe(1);
  } finally {
    await worker.stop();
  }
}, 300_000);
