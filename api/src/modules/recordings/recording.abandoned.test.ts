import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gameNight } from '../../../test/audio-fixtures';
import { createCampaign, createUser } from '../../../test/factories';
import { startProcessingApp, waitForStatus, type ProcessingTestApp } from '../../../test/processing';
import { putPart, recordedParts } from '../../../test/recordings';
import { createEngines } from '../../engines/engines';
import type { RunningWorker } from '../../worker/worker';
import { SessionStatus } from '../../kernel/entities/session.entity';
import { Recording, RecordingState } from '../../kernel/entities/recording.entity';

let app: ProcessingTestApp;
let worker: RunningWorker;
let dir: string;

beforeAll(async () => {
  // A few seconds stand for the 6 hours after which nobody is coming back to the recording.
  app = await startProcessingApp({ RECORDING_ABANDON_SECONDS: '4', RECORDING_LIVE_CHUNK_SECONDS: '6' });
  worker = await app.startWorker({ engines: createEngines(app.config) });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'recording-abandoned-'));
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

test('a recording nobody stops or resumes is finished with what arrived once no part came for a while', async () => {
  const owner = await createUser(app);
  const campaignId = await createCampaign(owner);
  const { parts } = await recordedParts(dir, gameNight.slice(0, 4), 'abandoned');
  const started = await owner.client.post('/api/recordings/', { campaign_id: campaignId, mime_type: 'audio/webm' });
  const id: string = started.body.recording_id;
  for (const [n, bytes] of parts.entries()) expect((await putPart(owner.client, id, 0, n, bytes)).status).toBe(200);

  // No finish: the tab was closed for good.
  const ready = await waitForStatus(app, id, [SessionStatus.READY, SessionStatus.FAILED]);
  expect(ready.failureReason).toBeNull();
  expect(ready.fullTranscript.toLowerCase()).toContain('dragon');
  const recording = await app.orm.em.fork().findOneOrFail(Recording, { session: id });
  expect(recording.state).toBe(RecordingState.FINISHED);
  const late = await owner.client.post(`/api/recordings/${id}/resume/`, {});
  expect(late.status).toBe(409);
}, 300_000);
