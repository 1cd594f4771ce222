/*
 * Load and faults: 50 readers browse a shared archive and ask questions (autocannon, real HTTP)
 * while 5 players upload and process recordings; meanwhile the worker is killed, PostgreSQL is
 * restarted and the speech service is restarted; then the worker comes back and every acknowledged
 * upload must end READY. Each piece runs as its own process (bench/load-fault/stack.ts).
 * Run by `npm run bench` (scripts/bench.sh), not by the tests; about 5 minutes.
 *
 * Prints `RESULT requests=… errors=… p95_ms=… sessions_ready=N/N lost=…` and one
 * `RESULT name=value goal=… ok=…` line per goal. errors: 5xx, network errors and timeouts, any other
 * 4xx, GraphQL errors; 429s are deliberate and counted as throttled.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gameNight, makeSessionRecording } from '../api/test/audio-fixtures';
import { browse } from './load-fault/browsing';
import * as people from './load-fault/people';
import { startStack } from './load-fault/stack';
import { Tally } from './load-fault/tally';
import { runBench } from './lib/run-bench';

const READERS = 50;
const UPLOADERS = 5;
/** Requests a second per reader: a visit of ten requests every ten seconds. */
const RATE = Number(process.env.LOAD_FAULT_RATE ?? 1);
const LOAD_SECONDS = 120;
/** Seconds into the load: uploads, then the faults in the order of the brief, then the worker again. */
const PLAN = { uploads: [1, 25, 50], killWorker: 15, restartPostgres: 35, restartSpeech: 60, startWorker: 75 };
const SETTLE_MS = 150_000;
const P95_GOAL_MS = 500;

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-bench-load-fault-'));
  fs.chmodSync(dir, 0o755); // the embedded PostgreSQL runs as its own user when we are root
  try {
    await run(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function run(dir: string): Promise<void> {
  const archiveAudio = (await makeSessionRecording(path.join(dir, 'audio'), gameNight, { name: 'archive.wav' })).path;
  const short = await makeSessionRecording(path.join(dir, 'audio'), gameNight.slice(0, 4), { name: 'upload.wav' });
  log(`recordings: archive ${archiveAudio}, uploads ${(short.durationMs / 1000).toFixed(1)} s each`);

  const stack = await startStack(dir, log);
  try {
    log('seeding: an archive of 2 processed sessions shared with 50 readers on the Q&A plan, 5 uploaders');
    const archivist = await people.signUp(stack.url);
    const campaignId = await people.createCampaign(archivist, 'The Archive');
    const seeded = [];
    for (let i = 0; i < 2; i++) {
      const res = await people.upload(archivist, campaignId, archiveAudio);
      if (!res.sessionId) throw new Error(`seed upload: ${res.status} ${res.what}`);
      seeded.push({ owner: archivist, sessionId: res.sessionId });
    }
    const archiveStatus = await people.settle(seeded, Date.now() + 180_000);
    if ([...archiveStatus.values()].some((s) => s !== 'READY'))
      throw new Error(`archive not READY: ${[...archiveStatus]}`);
    const readers = [];
    for (let i = 0; i < READERS; i++) {
      const reader = await people.signUp(stack.url, { qa: true });
      await people.share(archivist, campaignId, reader);
      readers.push(await people.asReader(reader));
    }
    const uploaders: Array<{ person: people.Person; campaignId: string }> = [];
    for (let i = 0; i < UPLOADERS; i++) {
      const uploader = await people.signUp(stack.url);
      uploaders.push({ person: uploader, campaignId: await people.createCampaign(uploader, `Table ${i + 1}`) });
    }

    const tally = new Tally();
    const acknowledged: people.Acknowledged[] = [];
    const uploads = { sent: 0, errors: 0, throttled: 0, examples: [] as string[] };
    const uploadRound = () =>
      Promise.all(
        uploaders.map(async ({ person, campaignId: target }) => {
          uploads.sent++;
          const res = await people.upload(person, target, short.path);
          if (res.sessionId) acknowledged.push({ owner: person, sessionId: res.sessionId });
          else if (res.status === 429) uploads.throttled++;
          else {
            uploads.errors++;
            if (uploads.examples.length < 5) uploads.examples.push(`${res.status} ${res.what}`);
          }
        }),
      );

    log(`load: ${READERS} readers at ${RATE} request/s each for ${LOAD_SECONDS} s; ${UPLOADERS} uploaders`);
    const loadStart = Date.now();
    const at = (seconds: number) =>
      new Promise((r) => setTimeout(r, Math.max(0, loadStart + seconds * 1000 - Date.now())));
    tally.enter('steady');
    const load = browse({
      url: stack.url,
      readers,
      archive: { campaignId, sessionIds: seeded.map((s) => s.sessionId) },
      seconds: LOAD_SECONDS,
      ratePerReader: RATE,
      tally,
    });
    const rounds = Promise.all(PLAN.uploads.map(async (t) => (await at(t), uploadRound())));
    const faults = (async () => {
      await at(PLAN.killWorker);
      log('fault: worker killed (SIGKILL)');
      tally.enter('worker down');
      await stack.killWorker();
      await at(PLAN.restartPostgres);
      log('fault: PostgreSQL restarting');
      tally.enter('PostgreSQL restarting');
      await stack.restartPostgres();
      log('PostgreSQL is back');
      tally.enter('PostgreSQL back');
      await at(PLAN.restartSpeech);
      log('fault: speech service restarting');
      tally.enter('speech restarting');
      await stack.restartSpeech();
      log('speech service is back');
      tally.enter('speech back');
      await at(PLAN.startWorker);
      log('worker starting');
      tally.enter('worker starting');
      await stack.startWorker();
      log('worker is running');
      tally.enter('recovered');
    })();
    await Promise.all([load, rounds, faults]);

    log(`load done; waiting until the ${acknowledged.length} acknowledged uploads are READY`);
    const statuses = await people.settle(acknowledged, Date.now() + SETTLE_MS);
    const ready = [...statuses.values()].filter((s) => s === 'READY').length;
    const lost = acknowledged.length - ready;

    for (const phase of tally.phases()) {
      const s = tally.summary(phase);
      log(
        `phase ${phase}: ${s.requests} requests, ${s.errors} errors, ${s.throttled} throttled, p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms`,
      );
    }
    for (const step of tally.steps()) {
      const s = tally.summary(step, 'step');
      log(`request ${step}: ${s.requests}, ${s.errors} errors, p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms`);
    }
    for (const example of [...tally.examples, ...uploads.examples.map((e) => `[upload] ${e}`)])
      log(`error: ${example}`);
    for (const [id, status] of statuses) if (status !== 'READY') log(`not READY: session ${id} is ${status}`);

    const all = tally.summary();
    const errors = all.errors + uploads.errors;
    console.log(
      `RESULT requests=${all.requests + uploads.sent} errors=${errors} p95_ms=${all.p95} ` +
        `sessions_ready=${ready}/${acknowledged.length} lost=${lost} throttled=${all.throttled + uploads.throttled}`,
    );
    console.log(`RESULT errors=${errors} goal=0 ok=${errors === 0}`);
    console.log(
      `RESULT sessions_ready=${ready}/${acknowledged.length} goal=all ok=${ready === acknowledged.length && ready > 0}`,
    );
    console.log(`RESULT lost=${lost} goal=0 ok=${lost === 0}`);
    console.log(`RESULT p95_ms=${all.p95} goal=<${P95_GOAL_MS} ok=${all.p95 < P95_GOAL_MS}`);
    if (process.env.LOAD_FAULT_LOGS === '1' || errors > 0 || lost > 0) {
      fs.writeFileSync(path.join(os.tmpdir(), 'questlog-load-fault.log'), stack.logs());
      log(`api and worker output: ${path.join(os.tmpdir(), 'questlog-load-fault.log')}`);
    }
  } finally {
    await stack.stop();
  }
}

runBench(main);
