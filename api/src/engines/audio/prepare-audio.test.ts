import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { encodeAs, gameNight, makeSessionRecording, type SessionRecording } from '../../../test/audio-fixtures';
import { parseSilences, planChunks } from './chunk-plan';
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

test('converts an MP3 to 16 kHz mono chunks cut inside the pauses between lines', async () => {
  const mp3 = await encodeAs(recording.path, path.join(dir, 'night.mp3'), ['-q:a', '4']);
  const bound = 8000;
  const chunks = await prepareAudio(mp3, path.join(dir, 'chunks'), { maxChunkMs: bound });
  console.log(
    `prepare: ${recording.durationMs} ms in ${chunks.length} chunks (bound ${bound} ms):`,
    chunks.map((c) => `${c.startMs}+${c.durationMs}`).join(', '),
  );

  expect(chunks.length).toBeGreaterThan(2);
  let expectedStart = 0;
  for (const chunk of chunks) {
    expect(chunk.startMs).toBe(expectedStart);
    expect(chunk.durationMs).toBeLessThanOrEqual(bound);
    expectedStart += chunk.durationMs;
    const info = await probeAudio(chunk.path);
    expect(info).toMatchObject({ codec: 'pcm_s16le', sampleRate: 16000, channels: 1 });
    expect(Math.abs(info.durationMs - chunk.durationMs)).toBeLessThanOrEqual(1);
    expect((await fs.stat(chunk.path)).size).toBe(chunk.sizeBytes);
  }
  expect(Math.abs(expectedStart - recording.durationMs)).toBeLessThan(100);
  // No cut falls inside speech: the original is quiet for 100 ms either side of every cut.
  for (const chunk of chunks.slice(1)) {
    expect(await peakAmplitude(recording.path, chunk.startMs - 100, 200)).toBeLessThan(0.02);
  }
});

async function peakAmplitude(file: string, fromMs: number, lengthMs: number): Promise<number> {
  const { stderr } = await run('sox', [file, '-n', 'trim', String(fromMs / 1000), String(lengthMs / 1000), 'stat']);
  return Number(/Maximum amplitude:\s+([\d.]+)/.exec(stderr)![1]);
}

test('cuts hard at the bound when there is no silence, and respects a byte bound', async () => {
  const tone = path.join(dir, 'tone.wav');
  await run('sox', ['-n', '-r', '44100', '-c', '2', tone, 'synth', '12', 'sine', '440']);
  const byTime = await prepareAudio(tone, path.join(dir, 'tone-time'), { maxChunkMs: 5000 });
  expect(byTime.map((c) => [c.startMs, c.durationMs])).toEqual([
    [0, 5000],
    [5000, 5000],
    [10000, 2000],
  ]);

  const maxChunkBytes = 44 + 32 * 3000;
  const byBytes = await prepareAudio(tone, path.join(dir, 'tone-bytes'), { maxChunkBytes });
  expect(byBytes).toHaveLength(4);
  for (const chunk of byBytes) expect(chunk.sizeBytes).toBeLessThanOrEqual(maxChunkBytes);
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
