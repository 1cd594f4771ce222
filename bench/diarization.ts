/*
 * Speakers on one track (issue 49): sessions of one cast (flite's awb, slt, rms and kal, each
 * changed a little by sox in pitch and tempo) mixed onto one track with room reverb and noise,
 * through the real api as `npm start` runs it. Session 1's voices are named after their true
 * voices; sessions 2 and 3 are not named again. Prints the share of line time with the right
 * speaker (after the best one-to-one mapping), whether the count of speakers is right, the share of
 * later sessions' line time carrying the first session's names, the speakers of a one-voice
 * recording and diarization's real-time factor. Two more nights of the cast, pitched far off,
 * measure the "closest known voice" offer: how often it names the right person at each threshold
 * (docs/speakers.md keeps the figures). Run by `npm run bench -- diarization`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { registration } from '../api/test/accounts';
import { freePort } from '../api/test/free-port';
import { HttpClient } from '../api/test/http-client';
import { makeVoiceRecording, type FliteVoice, type VoiceLine, type VoiceRecording } from '../api/test/voices';
import { spawnBenchApi, upload, waitUntilDone, type BenchApi } from './lib/bench-api';
import { workflowTimeline } from './lib/workflow-timeline';
import { bestMapping, confusion, offerSweep, shownOffers, type Heard, type Line } from './diarization/scoring';

const run = promisify(execFile);
const GOALS = { lineTime: 0.9, countRight: 0.8, carried: 0.9, rtf: 0.1 };
type Voice = FliteVoice;
const CAST: Voice[] = ['awb', 'slt', 'rms', 'kal'];
const TEXTS = [
  'The innkeeper pours four mugs of cider and asks about her missing brother.',
  'I promise the innkeeper that we will find her brother in the old mine.',
  'At dawn the party reaches the mine and finds a silver bell on the altar.',
  'I grab the silver bell and ring it three times.',
  'Skeletons rise from the black water and the whole tunnel shakes.',
  'I run back toward the light and shout for the others to follow me.',
  'The baron asks you to guard the bridge until the next full moon.',
  'I sharpen my sword and keep watch on the bridge all night long.',
  'Near midnight a hooded rider crosses the river on a white horse.',
  'I step out of the shadows and ask the rider for her name.',
  'Can I roll for perception to see if she is carrying a weapon?',
  'She lowers her hood and you see the crest of the royal guard.',
];

/** One session: `voices` taking turns through the script, a few lines each, as one phone hears them. */
async function session(
  dir: string,
  name: string,
  voices: Voice[],
  seed: number,
  cents = seed * 20 - 20,
  guest: string[] = [],
): Promise<VoiceRecording> {
  const lines = Array.from({ length: 12 }, (_, i) => ({
    voice: voices[(i * 7 + seed) % voices.length],
    text: TEXTS[(i + seed * 5) % TEXTS.length],
  })) satisfies VoiceLine[];
  const cast = await makeVoiceRecording(path.join(dir, name), lines, { name: 'dry.wav', pauseMs: 600 });
  const recording = guest.length ? await withGuest(path.join(dir, name), cast, guest) : cast;
  const room = path.join(dir, name, 'room.wav');
  const noise = path.join(dir, name, 'noise.wav');
  const out = path.join(dir, `${name}.wav`);
  await run('sox', [recording.path, room, 'reverb', '40', '50', '60', 'pitch', String(cents)]);
  const seconds = Number((await run('soxi', ['-D', room])).stdout.trim());
  await run('sox', [
    '-n',
    '-r',
    '16000',
    '-c',
    '1',
    '-b',
    '16',
    noise,
    'synth',
    String(seconds),
    'pinknoise',
    'vol',
    '0.01',
  ]);
  await run('sox', ['-m', room, noise, out]);
  return { path: out, lines: recording.lines };
}

/** espeak-ng's en+f3, a voice no night of the cast has, after `recording`'s lines: a guest joining late. */
async function withGuest(dir: string, recording: VoiceRecording, texts: string[]): Promise<VoiceRecording> {
  const pause = path.join(dir, 'guest-pause.wav');
  await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', pause, 'trim', '0', '0.6']);
  const parts = [recording.path];
  const lines = [...recording.lines];
  let at = lines[lines.length - 1].endMs;
  for (const [i, text] of texts.entries()) {
    const [raw, file] = [path.join(dir, `guest-${i}-raw.wav`), path.join(dir, `guest-${i}.wav`)];
    await run('espeak-ng', ['-v', 'en+f3', '-w', raw, text]);
    await run('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', file]);
    const ms = Math.round(Number((await run('soxi', ['-D', file])).stdout.trim()) * 1000);
    parts.push(pause, file);
    // Not one of flite's voices: its truth is a name no speaker of the cast is given.
    lines.push({ voice: 'guest' as Voice, text, startMs: at + 600, endMs: at + 600 + ms });
    at += 600 + ms;
  }
  const out = path.join(dir, 'with-guest.wav');
  await run('sox', [...parts, out]);
  return { path: out, lines };
}

async function linesOf(bench: BenchApi, sessionId: string): Promise<Line[]> {
  const res = await bench.client.gql<{ session: { transcriptLines: Line[] } }>(
    'query($id: ID!) { session(id: $id) { transcriptLines { startMs endMs speaker { label playerName } } } }',
    { id: sessionId },
  );
  return res.body.data!.session.transcriptLines;
}

async function processed(bench: BenchApi, campaignId: string, file: string) {
  const sessionId = await upload(bench.client, campaignId, file);
  const { status, stage } = await waitUntilDone(bench.client, sessionId);
  if (status !== 'READY') throw new Error(`session ended ${status} at ${stage}:\n${bench.api.output()}`);
  const timeline = await workflowTimeline(bench.temporalAddress, [`session-${sessionId}`], 0);
  // findVoices runs beside the transcription (diarizeSpeakers after it, in runs from before).
  const diarized = timeline.find((e) => e.name === 'findVoices' || e.name === 'diarizeSpeakers');
  const diarizeMs = diarized ? diarized.closedAt - diarized.startedAt : NaN;
  return { sessionId, lines: await linesOf(bench, sessionId), diarizeMs };
}

/** startBenchApi's api, its database's port chosen here so that the bench can read the voice prints. */
async function startWithDatabase(dir: string): Promise<{ bench: BenchApi; db: pg.Client }> {
  const port = await freePort();
  const env = { RUN_WORKER: 'true', EMBEDDED_PG_PORT: String(port) };
  const { api, url, temporalAddress } = await spawnBenchApi(dir, env);
  const stopApi = async () => {
    api.child.kill('SIGTERM');
    await api.exited;
  };
  if (!(await api.waitFor(/Questlog is running/, 180_000))) {
    await stopApi();
    throw new Error(`api did not start:\n${api.output()}`);
  }
  const client = new HttpClient(url);
  if ((await client.post('/register/', registration())).status !== 201) throw new Error('register failed');
  client.resetCsrf();
  const campaign = await client.post('/api/create_campaign/', { campaign_name: 'Benchmark' });
  // The embedded cluster's loopback-only account (api/src/runtime/embedded-postgres.ts).
  const db = new pg.Client({ connectionString: `postgresql://questlog:questlog-embedded@127.0.0.1:${port}/questlog` });
  await db.connect();
  const stop = async () => {
    await db.end();
    await stopApi();
  };
  return { bench: { api, client, campaignId: campaign.body.campaign_id as string, temporalAddress, stop }, db };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-bench-diarization-'));
  fs.chmodSync(dir, 0o755); // the embedded PostgreSQL runs as its own user when we are root
  const nights = [
    await session(dir, 'night-1', CAST, 1),
    await session(dir, 'night-2', CAST.slice(0, 3), 2),
    await session(dir, 'night-3', CAST, 3),
  ];
  const solo = await session(dir, 'solo', ['slt'], 1);
  // The cast pitched three semitones up, then down: voices the prints know less well; then two of
  // them and a guest, who may be offered as one of the two absent voices (a wrong offer).
  const far = [
    await session(dir, 'far-1', CAST, 4, 300),
    await session(dir, 'far-2', CAST, 5, -300),
    await session(dir, 'guest', ['awb', 'rms'], 6, 0, TEXTS.slice(0, 4)),
  ];
  const { bench, db } = await startWithDatabase(dir);
  const later: Heard[] = [];
  const truthOf = new Map<string, string>();
  try {
    let audioMs = 0;
    let diarizeMs = 0;
    const lineTime: number[] = [];
    const counts: boolean[] = [];
    let offBy = 0;
    const carried: number[] = [];
    for (const [n, night] of nights.entries()) {
      const done = await processed(bench, bench.campaignId, night.path);
      audioMs += night.lines[night.lines.length - 1].endMs;
      diarizeMs += done.diarizeMs;
      const { table, total } = confusion(night, done.lines, (l) => l.speaker?.label ?? null);
      const { map, share } = bestMapping(table, total);
      for (const [label, voice] of map) if (!truthOf.has(label)) truthOf.set(label, voice);
      if (n > 0) later.push({ sessionId: done.sessionId, labels: map });
      const truth = new Set(night.lines.map((l) => l.voice)).size;
      const found = new Set(done.lines.map((l) => l.speaker?.label).filter(Boolean)).size;
      lineTime.push(share);
      counts.push(found === truth);
      offBy = Math.max(offBy, Math.abs(found - truth));
      console.log(`night ${n + 1}: ${truth} voices, ${found} found, line time right ${(share * 100).toFixed(1)} %`);
      if (n === 0) {
        // The GM names each voice of the first night after who it truly is.
        const cast = await bench.client.gql<{ campaign: { cast: Array<{ id: string; label: string }> } }>(
          'query($id: ID!) { campaign(id: $id) { cast { id label } } }',
          { id: bench.campaignId },
        );
        for (const speaker of cast.body.data!.campaign.cast) {
          const voice = map.get(speaker.label);
          if (!voice) continue;
          await bench.client.gql(
            'mutation($id: ID!, $input: SpeakerInput!) { updateSpeaker(id: $id, input: $input) { id } }',
            { id: speaker.id, input: { playerName: voice } },
          );
        }
      } else {
        const named = confusion(night, done.lines, (l) => l.speaker?.playerName ?? null);
        let right = 0;
        for (const [player, row] of named.table) right += row.get(player) ?? 0;
        carried.push(named.total ? right / named.total : 0);
        console.log(
          `night ${n + 1}: line time with the first night's names right ${(carried.at(-1)! * 100).toFixed(1)} %`,
        );
      }
    }
    const soloCampaign = await bench.client.post('/api/create_campaign/', { campaign_name: 'Solo' });
    const alone = await processed(bench, soloCampaign.body.campaign_id as string, solo.path);
    const soloSpeakers = new Set(alone.lines.map((l) => l.speaker?.label).filter(Boolean)).size;
    for (const [n, night] of far.entries()) {
      const done = await processed(bench, bench.campaignId, night.path);
      const { table, total } = confusion(night, done.lines, (l) => l.speaker?.label ?? null);
      const heard = { sessionId: done.sessionId, labels: bestMapping(table, total).map };
      for (const [label, voice] of heard.labels) if (!truthOf.has(label)) truthOf.set(label, voice);
      later.push(heard);
      const t = await shownOffers(bench, heard, truthOf);
      console.log(
        `far night ${n + 1}: ${t.named} voices took a name (${t.namedWrong} wrong), ${t.offered} were offered one (${t.offeredWrong} wrong), ${t.neither} neither`,
      );
    }
    await offerSweep(db, bench.campaignId, later, truthOf);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const rtf = diarizeMs / audioMs;
    const countShare = counts.filter(Boolean).length / counts.length;
    console.log(
      `cores: ${os.cpus().length}; diarization ${(diarizeMs / 1000).toFixed(1)} s for ${(audioMs / 1000).toFixed(1)} s of audio (ffmpeg and request)`,
    );
    const result = (name: string, value: number, goal: string, ok: boolean) =>
      console.log(`RESULT name=${name} value=${value.toFixed(3)} goal${goal} ok=${ok}`);
    result('diarization_line_time_right', mean(lineTime), `>=${GOALS.lineTime}`, mean(lineTime) >= GOALS.lineTime);
    result(
      'diarization_speaker_count_right',
      countShare,
      `>=${GOALS.countRight}`,
      countShare >= GOALS.countRight && offBy <= 1,
    );
    result('diarization_names_carried', mean(carried), `>=${GOALS.carried}`, mean(carried) >= GOALS.carried);
    result('diarization_one_voice_speakers', soloSpeakers, '=1', soloSpeakers === 1);
    result('diarization_rtf', rtf, `<=${GOALS.rtf}`, rtf <= GOALS.rtf);
  } finally {
    await bench.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
