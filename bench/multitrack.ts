/*
 * Multi-track uploads (issue 13): a Craig-style ZIP of the espeak-ng game night (four voices, one
 * track each, consecutive lines overlapping a little) through the real api as `npm start` runs it.
 * Prints how many transcript lines carry the speaker who said them, and the pipeline's time from
 * "upload done" to READY per second of the session (every track is transcribed on its own; the
 * speech service skips their silences). Run by `npm run bench` (scripts/bench.sh).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gameNight } from '../api/test/audio-fixtures';
import { makeCraigZip } from '../api/test/multitrack';
import { startBenchApi, upload, waitUntilDone } from './lib/bench-api';

const SPEAKERS = { 'en-us': 'gm', 'en+m3': 'sam', 'en+f3': 'kira', 'en-gb': 'theo' } as const;
const GOALS = { accuracy: 0.95, rtf: 0.5 };

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-bench-multitrack-'));
  fs.chmodSync(dir, 0o755); // the embedded PostgreSQL runs as its own user when we are root
  const craig = await makeCraigZip(path.join(dir, 'night'), [...gameNight, ...gameNight, ...gameNight], SPEAKERS);
  const { api, client, campaignId, stop } = await startBenchApi(dir, { runWorker: true });
  try {
    const sessionId = await upload(client, campaignId, craig.zip);
    const uploadedAt = performance.now();
    const { status, stage } = await waitUntilDone(client, sessionId);
    const pipelineMs = performance.now() - uploadedAt;
    if (status !== 'READY') throw new Error(`session ended ${status} at ${stage}:\n${api.output()}`);
    const res = await client.gql<{
      session: { transcriptLines: Array<{ startMs: number; text: string; speaker: { label: string } | null }> };
    }>('query($id: ID!) { session(id: $id) { transcriptLines { startMs text speaker { label } } } }', {
      id: sessionId,
    });
    const lines = res.body.data!.session.transcriptLines;
    // Who said a transcript line: the speaker of the script line sharing most words with it
    // (the nearest in time among equals); lines overlap, so times alone cannot tell.
    const saidBy = (line: { startMs: number; text: string }) =>
      [...craig.lines].sort(
        (a, b) =>
          shared(b.text, line.text) - shared(a.text, line.text) ||
          distance(a.startMs, a.endMs, line.startMs) - distance(b.startMs, b.endMs, line.startMs),
      )[0].speaker;
    const right = lines.filter((l) => l.speaker?.label === saidBy(l));
    const accuracy = right.length / lines.length;
    const rtf = pipelineMs / craig.durationMs;
    for (const l of lines) {
      const mark = l.speaker?.label === saidBy(l) ? ' ' : 'x';
      console.log(`${mark} ${(l.startMs / 1000).toFixed(1).padStart(6)} ${l.speaker?.label ?? '?'}: ${l.text}`);
    }
    console.log(
      `session: ${(craig.durationMs / 1000).toFixed(1)} s, 4 tracks; upload done -> READY ${(pipelineMs / 1000).toFixed(1)} s`,
    );
    console.log(`lines with the right speaker: ${right.length}/${lines.length}`);
    console.log(`cores: ${os.cpus().length}, load average at the end: ${os.loadavg()[0].toFixed(1)}`);
    console.log(
      `RESULT name=multitrack_speaker_accuracy value=${accuracy.toFixed(3)} goal>=${GOALS.accuracy} ok=${accuracy >= GOALS.accuracy}`,
    );
    console.log(`RESULT name=multitrack_rtf value=${rtf.toFixed(2)} goal<=${GOALS.rtf} ok=${rtf <= GOALS.rtf}`);
  } finally {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z']+/g) ?? []);
const shared = (a: string, b: string) => [...words(a)].filter((w) => words(b).has(w)).length;
const distance = (start: number, end: number, at: number) => (at < start ? start - at : at > end ? at - end : 0);

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
