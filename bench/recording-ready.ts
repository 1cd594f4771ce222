/*
 * A browser recording from Stop to READY (issue 12's goal: within about a minute, whatever its
 * length). The espeak-ng game night repeated to RECORDING_READY_MINUTES (default 30) is encoded as
 * MediaRecorder writes it and sent in parts while it "plays", RECORDING_READY_PACE (default 4)
 * times faster than real time, so the server has that much less time to keep up; then Stop. Side
 * by side, in the same run, the same file uploaded after the game (upload done -> READY). The real
 * api with its worker, PostgreSQL, Temporal and speech service embedded. Run by `npm run bench`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { encodeAs, gameNight, makeSessionRecording, wavDurationMs } from '../api/test/audio-fixtures';
import type { HttpClient } from '../api/test/http-client';
import { spawnBenchApi, upload } from './lib/bench-api';
import {
  finishRecording,
  sendPart,
  sessionStage,
  startRecording,
  watchUntilDone,
  type StageChange,
} from './lib/recording-client';
import { workflowTimeline, type TimelineEntry } from './lib/workflow-timeline';
import { createCampaign, signUp } from './load-fault/people';
import { runBench } from './lib/run-bench';

const run = promisify(execFile);
const GOAL_SECONDS = 60;
const MINUTES = Number(process.env.RECORDING_READY_MINUTES ?? 30);
const PACE = Number(process.env.RECORDING_READY_PACE ?? 4);
// As web/src/features/record/useRecorder.ts records: a part every 5 s of Opus at 32 kb/s in WebM.
const TIMESLICE_MS = 5_000;
const MIME_TYPE = 'audio/webm;codecs=opus';
/** Words of the game night a transcript of it cannot miss (espeak voices are not always heard right). */
const GAME_WORDS = ['dragon', 'castle', 'sword', 'pizza', 'initiative', 'fire', 'shield', 'villagers'];

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-bench-recording-'));
  fs.chmodSync(dir, 0o755); // the embedded PostgreSQL runs as its own user when we are root
  try {
    const { webm, durationMs } = await browserRecording(dir);
    const bytes = fs.readFileSync(webm);
    // MediaRecorder hands over a timeslice's bytes at a time: about the same number of bytes each.
    const partCount = Math.ceil(durationMs / TIMESLICE_MS);
    const partBytes = Math.ceil(bytes.length / partCount);
    const parts = Array.from({ length: partCount }, (_, i) => bytes.subarray(i * partBytes, (i + 1) * partBytes));

    // Two sessions of MINUTES each on one account: enough free hours for both.
    const hours = String(Math.ceil((2 * MINUTES) / 60) + 1);
    // startBenchApi's stack, with the Temporal address kept to read where the time after Stop went.
    const { api, url, temporalAddress } = await spawnBenchApi(dir, { RUN_WORKER: 'true', FREE_AUDIO_HOURS: hours });
    try {
      if (!(await api.waitFor(/Questlog is running/, 180_000))) throw new Error(`api did not start:\n${api.output()}`);
      const person = await signUp(url);
      const { client } = person;
      const campaignId = await createCampaign(person, 'Benchmark');

      const id = await startRecording(client, campaignId, MIME_TYPE);
      const sendStarted = performance.now();
      let lateMs = 0;
      for (const [i, part] of parts.entries()) {
        // The browser has part i once its timeslice has been recorded; it sends parts one at a time.
        const due = sendStarted + ((i + 1) * TIMESLICE_MS) / PACE;
        await sleep(due - performance.now());
        lateMs = Math.max(lateMs, performance.now() - due);
        await sendPart(client, id, i, part);
      }
      const stageAtStop = await sessionStage(client, id);
      const loadAtStop = os.loadavg()[0];
      const stopEpoch = Date.now();
      const stopped = performance.now();
      await finishRecording(client, id);
      const recorded = await watchUntilDone(client, id, { recording: true, since: stopped });
      const stopToReady = (performance.now() - stopped) / 1000;
      await checkReady(client, id, recorded.status, durationMs, api.output);
      const timeline = await workflowTimeline(temporalAddress, [`recording-${id}`, `session-${id}`], stopEpoch);

      const uploadStarted = performance.now();
      const uploadId = await upload(client, campaignId, webm);
      const uploaded = performance.now();
      const uploadedSession = await watchUntilDone(client, uploadId, { recording: false, since: uploaded });
      const uploadToReady = (performance.now() - uploaded) / 1000;
      await checkReady(client, uploadId, uploadedSession.status, durationMs, api.output);

      console.log(`recording:             ${(durationMs / 60_000).toFixed(1)} min (espeak-ng game night, repeated)`);
      console.log(`                       WebM/Opus, ${(bytes.length / 1e6).toFixed(1)} MB, ${MIME_TYPE}`);
      console.log(
        `parts sent:            ${parts.length} of ${(partBytes / 1000).toFixed(0)} KB, one per ${(TIMESLICE_MS / PACE / 1000).toFixed(2)} s` +
          ` (pace ${PACE}x real time; at most ${seconds(lateMs)} s behind)`,
      );
      console.log(
        `at Stop:               "${stageAtStop}" of ${(durationMs / 60_000).toFixed(1)} min sent` +
          ` (load ${loadAtStop.toFixed(1)})`,
      );
      console.log(`Stop -> READY:         ${stopToReady.toFixed(1)} s`);
      printChanges(recorded.changes);
      printTimeline(timeline, stopEpoch);
      console.log(`upload:                ${seconds(uploaded - uploadStarted)} s (same file, POST /upload/)`);
      console.log(`upload done -> READY:  ${uploadToReady.toFixed(1)} s`);
      printChanges(uploadedSession.changes);
      console.log(`cores: ${os.cpus().length}, load average at the end: ${os.loadavg()[0].toFixed(1)}`);
      const ok = stopToReady <= GOAL_SECONDS;
      console.log(
        `RESULT name=recording_stop_to_ready_seconds value=${stopToReady.toFixed(0)} goal<=${GOAL_SECONDS} ok=${ok}`,
      );
      console.log(`RESULT name=upload_to_ready_seconds value=${uploadToReady.toFixed(0)}`);
    } finally {
      api.child.kill('SIGTERM');
      await api.exited;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The game night repeated to MINUTES, encoded as MediaRecorder writes it: live WebM (no cues, no duration). */
async function browserRecording(dir: string): Promise<{ webm: string; durationMs: number }> {
  const cycle = await makeSessionRecording(dir, gameNight, { name: 'cycle.wav' });
  const wav = path.join(dir, 'recording.wav');
  const repeats = Math.ceil((MINUTES * 60_000) / cycle.durationMs) - 1;
  await run('sox', [cycle.path, wav, 'repeat', String(repeats)]);
  const webm = await encodeAs(wav, path.join(dir, 'recording.webm'), [
    ...['-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '32k'],
    ...['-live', '1', '-f', 'webm'],
  ]);
  return { webm, durationMs: await wavDurationMs(wav) };
}

/** READY, with a transcript of the game night and the audio's length (within 2 %); throws otherwise. */
async function checkReady(
  client: HttpClient,
  id: string,
  status: string,
  durationMs: number,
  output: () => string,
): Promise<void> {
  const res = await client.gql<{
    session: { durationSeconds: number | null; fullTranscript: string; failureReason: string | null };
  }>('query($id: ID!) { session(id: $id) { durationSeconds fullTranscript failureReason } }', { id });
  const session = res.body.data?.session;
  if (status !== 'READY' || !session) {
    throw new Error(
      `session ${id} ended ${status}: ${session?.failureReason ?? JSON.stringify(res.body)}\n${output()}`,
    );
  }
  const text = session.fullTranscript.toLowerCase();
  const heard = GAME_WORDS.filter((w) => text.includes(w));
  if (heard.length < 4) throw new Error(`session ${id}: transcript lacks the game night (heard ${heard.join(', ')})`);
  const off = Math.abs((session.durationSeconds ?? 0) * 1000 - durationMs) / durationMs;
  if (off > 0.02) throw new Error(`session ${id}: ${session.durationSeconds} s long, the audio ${durationMs / 1000} s`);
}

/** The workflows' steps after Stop; a run of one activity (32 chunks found transcribed) on one line. */
function printTimeline(timeline: TimelineEntry[], stopEpoch: number): void {
  console.log('after Stop, from the workflows (queued: scheduled -> started; ran: started -> closed, summed):');
  const at = (epoch: number) => `+${seconds(epoch - stopEpoch).padStart(6)} s`;
  for (let i = 0; i < timeline.length;) {
    const first = timeline[i];
    let n = 1;
    while (timeline[i + n]?.name === first.name && timeline[i + n].workflowId === first.workflowId) n++;
    const run = timeline.slice(i, i + n);
    i += n;
    const name = `${first.workflowId.split('-')[0]} ${first.name}${n > 1 ? ` x${n}` : ''}`;
    const closed = Math.max(...run.map((e) => e.closedAt));
    const queued = Math.max(...run.map((e) => e.startedAt - e.scheduledAt));
    const ran = run.reduce((sum, e) => sum + e.closedAt - e.startedAt, 0);
    const times = first.name.startsWith('signal') ? '' : `queued ${seconds(queued)} s, ran ${seconds(ran)} s`;
    console.log(`  ${at(first.scheduledAt)} -> ${at(closed)}  ${name.padEnd(36)} ${times}`.trimEnd());
  }
}

function printChanges(changes: StageChange[]): void {
  for (const c of changes) console.log(`  +${seconds(c.atMs).padStart(6)} s  ${c.what}`);
}

runBench(main);
