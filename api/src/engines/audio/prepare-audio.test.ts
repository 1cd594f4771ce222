import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { encodeAs, gameNight, makeSessionRecording, type SessionRecording } from '../../../test/audio-fixtures';
import { LEAD_MS, parseSilences, planChunks, planLeads } from './chunk-plan';
import { prepareAudio } from './prepare-audio';
import { probeAudio } from './probe-audio';

const run = promisify(execFile);
let dir: string;
let recording: SessionRecording;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'prepare-'));
  recording = await makeSessionRecording(dir, gameNight);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

test('converts an MP3 to 16 kHz mono chunks cut inside the pauses between lines, each after the first with a lead', async () => {
  const mp3 = await encodeAs(recording.path, path.join(dir, 'night.mp3'), ['-q:a', '4']);
  const bound = 8000;
  const chunks = await prepareAudio(mp3, path.join(dir, 'chunks'), { maxChunkMs: bound });
  console.log(
    `prepare: ${recording.durationMs} ms in ${chunks.length} chunks (bound ${bound} ms):`,
    chunks.map((c) => `${c.startMs}..${c.ownStartMs}+${c.durationMs}`).join(', '),
  );

  expect(chunks.length).toBeGreaterThan(2);
  expect(chunks[0]).toMatchObject({ startMs: 0, ownStartMs: 0 });
  let expectedStart = 0;
  for (const [i, chunk] of chunks.entries()) {
    // The own parts tile the recording; the audio reaches back before each cut but the first.
    expect(chunk.ownStartMs).toBe(expectedStart);
    const end = chunk.startMs + chunk.durationMs;
    expect(end - chunk.ownStartMs).toBeLessThanOrEqual(bound);
    if (i > 0) {
      expect(chunk.startMs).toBeLessThan(chunk.ownStartMs);
      expect(chunk.startMs).toBeGreaterThanOrEqual(Math.max(chunks[i - 1].ownStartMs, chunk.ownStartMs - LEAD_MS));
    }
    expectedStart = end;
    const info = await probeAudio(chunk.path);
    expect(info).toMatchObject({ codec: 'pcm_s16le', sampleRate: 16000, channels: 1 });
    expect(Math.abs(info.durationMs - chunk.durationMs)).toBeLessThanOrEqual(1);
    expect((await fs.stat(chunk.path)).size).toBe(chunk.sizeBytes);
  }
  expect(Math.abs(expectedStart - recording.durationMs)).toBeLessThan(100);
  // No cut falls inside speech: the original is quiet for 100 ms either side of every cut. A lead
  // starts in a pause too, or LEAD_MS before the cut where no pause was near (or where the previous
  // chunk starts).
  let quietLeads = 0;
  for (const [i, chunk] of chunks.entries()) {
    if (i === 0) continue;
    expect(await peakAmplitude(recording.path, chunk.ownStartMs - 100, 200)).toBeLessThan(0.02);
    const quiet = (await peakAmplitude(recording.path, Math.max(0, chunk.startMs - 100), 200)) < 0.02;
    if (quiet) quietLeads++;
    else expect(chunk.startMs).toBe(Math.max(chunk.ownStartMs - LEAD_MS, chunks[i - 1].ownStartMs));
  }
  expect(quietLeads).toBeGreaterThan(0);
});

async function peakAmplitude(file: string, fromMs: number, lengthMs: number): Promise<number> {
  const { stderr } = await run('sox', [file, '-n', 'trim', String(fromMs / 1000), String(lengthMs / 1000), 'stat']);
  return Number(/Maximum amplitude:\s+([\d.]+)/.exec(stderr)![1]);
}

test('cuts hard at the bound when there is no silence, and respects a byte bound', async () => {
  const tone = path.join(dir, 'tone.wav');
  await run('sox', ['-n', '-r', '44100', '-c', '2', tone, 'synth', '12', 'sine', '440']);
  const byTime = await prepareAudio(tone, path.join(dir, 'tone-time'), { maxChunkMs: 5000 });
  // [audio start, own start, audio length]: no silence to start a lead at, so it is LEAD_MS long,
  // or as long as there is audio since the previous chunk's own start.
  expect(byTime.map((c) => [c.startMs, c.ownStartMs, c.durationMs])).toEqual([
    [0, 0, 5000],
    [0, 5000, 10000],
    [10000 - LEAD_MS, 10000, 2000 + LEAD_MS],
  ]);

  const maxChunkBytes = 44 + 32 * 3000;
  const byBytes = await prepareAudio(tone, path.join(dir, 'tone-bytes'), { maxChunkBytes });
  expect(byBytes).toHaveLength(4);
  // A chunk as large as the byte bound has no room for a lead.
  for (const chunk of byBytes) expect(chunk.sizeBytes).toBeLessThanOrEqual(maxChunkBytes);
  expect(byBytes.map((c) => c.ownStartMs - c.startMs)).toEqual([0, 0, 0, 0]);
});

test('stops ffmpeg when aborted', async () => {
  const controller = new AbortController();
  controller.abort(new Error('cancelled by test'));
  await expect(prepareAudio(recording.path, path.join(dir, 'aborted'), { signal: controller.signal })).rejects.toThrow(
    'cancelled by test',
  );
});

test('plans chunks from silencedetect output', () => {
  const log = [
    '[silencedetect @ 0x1] silence_start: 3.5',
    '[silencedetect @ 0x1] silence_end: 4.5 | silence_duration: 1',
    '[silencedetect @ 0x1] silence_start: 9.2',
  ].join('\n');
  const silences = parseSilences(log, 10_000);
  expect(silences).toEqual([
    { startMs: 3500, endMs: 4500 },
    { startMs: 9200, endMs: 10_000 },
  ]);
  expect(planChunks(10_000, silences, 5000)).toEqual([
    { startMs: 0, endMs: 4000 },
    { startMs: 4000, endMs: 9000 },
    { startMs: 9000, endMs: 10_000 },
  ]);
  expect(planChunks(10_000, silences, 6000)).toEqual([
    { startMs: 0, endMs: 4000 },
    { startMs: 4000, endMs: 10_000 },
  ]);
  expect(planChunks(10_000, silences, 20_000)).toEqual([{ startMs: 0, endMs: 10_000 }]);
});

test('plans leads: none for the first chunk, the cut minus LEAD_MS, or a silence before that', () => {
  const spans = [
    { startMs: 0, endMs: 20_000 },
    { startMs: 20_000, endMs: 40_000 },
    { startMs: 40_000, endMs: 60_000 },
    { startMs: 60_000, endMs: 80_000 },
    { startMs: 80_000, endMs: 84_000 },
  ];
  const silences = [
    // 4.4 s before the first cut, between sentences: its lead starts there, not mid-word.
    { startMs: 15_300, endMs: 15_900 },
    { startMs: 19_000, endMs: 21_000 },
    // The second cut is in a pause with no other silence in its lead: the cut minus LEAD_MS.
    { startMs: 39_000, endMs: 41_000 },
    // The third cut ends a long pause that LEAD_MS before it is still in: quiet already.
    { startMs: 50_000, endMs: 61_000 },
  ];
  expect(planLeads(spans, silences)).toEqual([0, 15_600, 40_000 - LEAD_MS, 60_000 - LEAD_MS, 80_000 - LEAD_MS]);
});

test('leads never reach before the previous chunk, or over the audio bound', () => {
  const short = [
    { startMs: 0, endMs: 3000 },
    { startMs: 3000, endMs: 6000 },
  ];
  expect(planLeads(short, [])).toEqual([0, 0]);
  const two = [
    { startMs: 0, endMs: 60_000 },
    { startMs: 60_000, endMs: 90_000 },
  ];
  expect(planLeads(two, [], 32_000)).toEqual([0, 58_000]);
  expect(planLeads(two, [], 30_000)).toEqual([0, 60_000]);
});
