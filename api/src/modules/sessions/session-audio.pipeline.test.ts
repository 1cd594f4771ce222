import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { encodeAs, gameNight, makeSessionRecording, type SessionRecording } from '../../../test/audio-fixtures';
import { createCampaign, createUser, type TestUser } from '../../../test/factories';
import { startProcessingApp, storeSession, waitForStatus, type ProcessingTestApp } from '../../../test/processing';
import { postForm } from '../../../test/uploads';
import { startSessionProcessing } from './session-workflow';
import { SessionStatus } from '../../kernel/entities/session.entity';
import { renditionAudioKey } from '../../storage/storage-key';
import type { RunningWorker } from '../../worker/worker';

const run = promisify(execFile);

let app: ProcessingTestApp;
let worker: RunningWorker;
let owner: TestUser;
let campaignId: string;
let dir: string;
let recording: SessionRecording;

beforeAll(async () => {
  app = await startProcessingApp({ PROCESSING_MAX_CHUNK_SECONDS: '8', TRANSCRIBE_CONCURRENCY: '2' });
  worker = await app.startWorker();
  owner = await createUser(app);
  campaignId = await createCampaign(owner, 'Storm King');
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rendition-'));
  recording = await makeSessionRecording(dir, gameNight.slice(0, 2), { wordsPerMinute: 200, pauseMs: 600 });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** The session's audio as the player gets it, with the owner's cookie. */
async function playerGet(sessionId: string, headers: Record<string, string> = {}) {
  const cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${app.url}/api/sessions/${sessionId}/audio`, { headers: { cookie, ...headers } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

test('an upload browsers cannot play (.wma) gets an AAC rendition during processing, and the player streams it', async () => {
  const wma = await encodeAs(recording.path, path.join(dir, 'night.wma'));
  const uploaded = await postForm(owner.client, '/upload/', [
    { name: 'campaign_id', value: campaignId },
    { name: 'audio', value: { fileName: 'night.wma', type: 'audio/x-ms-wma', bytes: await fs.readFile(wma) } },
  ]);
  expect(uploaded.status).toBe(200);
  const sessionId = uploaded.body.transcript_id as string;
  const session = await waitForStatus(app, sessionId, [SessionStatus.READY, SessionStatus.FAILED]);
  expect(session.failureReason ?? null).toBeNull();

  const stored = await buffer(await app.storage.get(renditionAudioKey(sessionId)));
  const file = path.join(dir, 'rendition.m4a');
  await fs.writeFile(file, stored);
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]);
  const probe = JSON.parse(stdout);
  expect(probe.streams).toHaveLength(1);
  expect(probe.streams[0]).toMatchObject({ codec_name: 'aac', profile: 'LC', channels: 1 });
  expect(probe.format.format_name).toContain('mp4');
  expect(Math.abs(Number(probe.format.duration) * 1000 - recording.durationMs)).toBeLessThan(300);

  const whole = await playerGet(sessionId);
  expect(whole).toMatchObject({ status: 200, type: 'audio/mp4' });
  expect(whole.bytes.equals(stored)).toBe(true);
  const part = await playerGet(sessionId, { range: 'bytes=1000-1999' });
  expect(part.status).toBe(206);
  expect(part.bytes.equals(stored.subarray(1000, 2000))).toBe(true);

  // A run with the rendition, for api/src/worker/replay.test.ts (process-session.json is from before it).
  if (process.env.QUESTLOG_SAVE_HISTORIES === '1') {
    const history = await app.workflows.getHandle(`session-${sessionId}`).fetchHistory();
    const saved = path.resolve(__dirname, '../../../../workflows/histories/process-session-rendition.json');
    await fs.writeFile(saved, historyToJSON(history));
  }
}, 300_000);

test('a rendition that cannot be stored does not fail the session: the player gets the upload', async () => {
  const wma = await encodeAs(recording.path, path.join(dir, 'stored.wma'));
  const sessionId = await storeSession(app, campaignId, wma);
  // A directory where the rendition should go: every attempt to store it fails (EISDIR), a real fault.
  await fs.mkdir(path.join(app.config.STORAGE_DIR!, renditionAudioKey(sessionId)), { recursive: true });
  await startSessionProcessing(app.workflows, sessionId);
  const session = await waitForStatus(app, sessionId, [SessionStatus.READY, SessionStatus.FAILED]);
  expect(session.status).toBe(SessionStatus.READY);
  expect(session.failureReason ?? null).toBeNull();

  const history = await app.workflows.getHandle(`session-${sessionId}`).fetchHistory();
  const failedRenditions = (history.events ?? []).filter(
    (e) => e.activityTaskFailedEventAttributes?.failure?.message?.includes('EISDIR') ?? false,
  );
  expect(failedRenditions.length).toBeGreaterThan(0);

  const served = await playerGet(sessionId);
  expect(served.status).toBe(200);
  expect(served.bytes.equals(await fs.readFile(wma))).toBe(true);
}, 300_000);

test('an upload browsers play as it is (.mp3) is streamed as uploaded, with no rendition made', async () => {
  const mp3 = await encodeAs(recording.path, path.join(dir, 'night.mp3'));
  const sessionId = await storeSession(app, campaignId, mp3);
  await startSessionProcessing(app.workflows, sessionId);
  const session = await waitForStatus(app, sessionId, [SessionStatus.READY, SessionStatus.FAILED]);
  expect(session.failureReason ?? null).toBeNull();
  await expect(fs.stat(path.join(app.config.STORAGE_DIR!, renditionAudioKey(sessionId)))).rejects.toThrow();
  const served = await playerGet(sessionId);
  expect(served.status).toBe(200);
  expect(served.bytes.equals(await fs.readFile(mp3))).toBe(true);
}, 300_000);
