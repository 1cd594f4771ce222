import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Client } from '@temporalio/client';
import { SWEEP_STORAGE_SCHEDULE_ID, type StorageSweep } from '@questlog/workflows';
import { createCampaign, createSession, createUser } from '../../test/factories';
import { eventually, startProcessingApp, type ProcessingTestApp } from '../../test/processing';
import { sessionAudioKey, chunkAudioKey } from '../storage/storage-key';
import type { LocalStorage } from '../storage/local-storage';
import type { RunningWorker } from './worker';

/*
 * The storage sweeper as it runs in production: the worker creates its Temporal schedule, the
 * schedule (triggered here rather than waited for) runs the workflow, the activity removes what is
 * past STORAGE_SWEEP_GRACE_HOURS (24 by default) and has no session row. Files are made "old" by
 * setting their modification time two days back.
 */

const TWO_DAYS_AGO = new Date(Date.now() - 48 * 3_600_000);

let app: ProcessingTestApp;
let worker: RunningWorker;
let dataDir: string;
const made: string[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sweep-data-'));
  app = await startProcessingApp({ DATA_DIR: dataDir });
  worker = await app.startWorker();
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  for (const dir of [dataDir, ...made]) await fs.rm(dir, { recursive: true, force: true });
});

const local = () => app.storage as LocalStorage;

async function stored(key: string, age?: Date): Promise<string> {
  await app.storage.put(key, Readable.from([Buffer.from('audio')]));
  if (age) await fs.utimes(local().localPath(key), age, age);
  return key;
}

async function file(target: string, age?: Date): Promise<string> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, 'x');
  if (age) await fs.utimes(target, age, age);
  return target;
}

const exists = (target: string) =>
  fs.stat(target).then(
    () => true,
    () => false,
  );

/** Triggers the schedule the worker created and waits for that run's result. */
async function runSchedule(): Promise<StorageSweep> {
  const client = new Client({ connection: app.temporal, namespace: app.namespace });
  const schedule = client.schedule.getHandle(SWEEP_STORAGE_SCHEDULE_ID);
  await schedule.trigger();
  const workflowId = await eventually(async () => {
    const action = (await schedule.describe()).info.recentActions.at(-1)?.action;
    if (!action) throw new Error('the schedule has not started a run yet');
    return action.workflow.workflowId;
  }, 30_000);
  return client.workflow.getHandle(workflowId).result();
}

test('old audio without a session row goes; audio with a row, or younger than the grace, stays', async () => {
  const owner = await createUser(app);
  const campaignId = await createCampaign(owner);
  const session = await createSession(app, campaignId);
  const kept = [
    await stored(sessionAudioKey(session.id, '.mp3'), TWO_DAYS_AGO),
    await stored(chunkAudioKey(session.id, 0), TWO_DAYS_AGO),
    // An upload that has just stored its audio and not yet created its row.
    await stored(sessionAudioKey(randomUUID(), '.wav')),
  ];
  const orphan = randomUUID();
  const removed = [
    await stored(sessionAudioKey(orphan, '.wav'), TWO_DAYS_AGO),
    await stored(chunkAudioKey(orphan, 3), TWO_DAYS_AGO),
  ];
  // put's temp file from a process killed mid-write, old and new.
  const staleTemp = await file(
    path.join(local().root, 'sessions', randomUUID(), `.original.wav.${randomUUID()}.part`),
    TWO_DAYS_AGO,
  );
  const freshTemp = await file(path.join(local().root, 'sessions', randomUUID(), `.original.wav.${randomUUID()}.part`));
  // A killed worker's working directory and an upload's scratch file, old and new.
  const workDir = (id: string) => path.join(os.tmpdir(), `questlog-${id}-${randomUUID().slice(0, 6)}`);
  const staleWork = await file(path.join(workDir(randomUUID()), 'chunk-0000.wav'));
  await fs.utimes(path.dirname(staleWork), TWO_DAYS_AGO, TWO_DAYS_AGO);
  const freshWork = await file(path.join(workDir(randomUUID()), 'chunk-0001.wav'));
  made.push(path.dirname(staleWork), path.dirname(freshWork));
  const staleScratch = await file(path.join(dataDir, 'tmp', `${randomUUID()}.mp3`), TWO_DAYS_AGO);
  const freshScratch = await file(path.join(dataDir, 'tmp', `${randomUUID()}.mp3`));

  const result = await runSchedule();

  // Scratch: at least these two (the system temp dir is shared with whatever else ran on this machine).
  expect(result).toMatchObject({ orphans: 2, unfinished: 1 });
  expect(result.scratch).toBeGreaterThanOrEqual(2);
  for (const key of kept) expect(await app.storage.exists(key)).toBe(true);
  for (const key of removed) expect(await app.storage.exists(key)).toBe(false);
  expect(await exists(path.join(local().root, 'sessions', orphan))).toBe(false);
  expect([await exists(staleTemp), await exists(freshTemp)]).toEqual([false, true]);
  expect([await exists(path.dirname(staleWork)), await exists(freshWork)]).toEqual([false, true]);
  expect([await exists(staleScratch), await exists(freshScratch)]).toEqual([false, true]);
}, 120_000);
