import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gameNight, makeSessionRecording, type SessionRecording } from '../../../test/audio-fixtures';
import { prepareAudio, type AudioChunk } from '../audio/prepare-audio';
import { EngineError } from '../engine-error';
import { parsePocketSphinxWords } from './pocketsphinx-output';
import { PocketSphinxSpeechToText } from './pocketsphinx';

let dir: string;
let recording: SessionRecording;
let chunk: AudioChunk;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sphinx-'));
  recording = await makeSessionRecording(dir, gameNight.slice(0, 5), { wordsPerMinute: 140 });
  [chunk] = await prepareAudio(recording.path, path.join(dir, 'chunks'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

test('transcribes espeak speech with increasing word timings inside the audio', async () => {
  const progress: number[] = [];
  const started = performance.now();
  const transcript = await new PocketSphinxSpeechToText().transcribe(chunk.path, {
    onProgress: (f) => progress.push(f),
  });
  const elapsed = performance.now() - started;
  console.log(
    `pocketsphinx: ${(chunk.durationMs / 1000).toFixed(1)} s of audio in ${(elapsed / 1000).toFixed(1)} s ` +
      `(real-time factor ${(elapsed / chunk.durationMs).toFixed(2)}), ${transcript.words.length} words, ` +
      `${transcript.segments.length} segments\n  heard: ${transcript.text}`,
  );

  const spoken = new Set(recording.lines.flatMap((l) => l.text.toLowerCase().match(/[a-z']+/g) ?? []));
  const heard = new Set(transcript.words.map((w) => w.word.toLowerCase()));
  const common = [
    'the',
    'dragon',
    'and',
    'sword',
    'pizza',
    'pizzas',
    'roll',
    'for',
    'initiative',
    'wall',
    'fire',
    'village',
  ];
  expect(common.filter((w) => heard.has(w)).length).toBeGreaterThanOrEqual(2);
  expect([...heard].filter((w) => spoken.has(w)).length).toBeGreaterThanOrEqual(4);

  for (const [i, word] of transcript.words.entries()) {
    expect(word.word).not.toMatch(/^<|^\[|\(\d\)$/);
    expect(word.endMs).toBeGreaterThanOrEqual(word.startMs);
    expect(word.endMs).toBeLessThanOrEqual(chunk.durationMs);
    if (i > 0) expect(word.startMs).toBeGreaterThan(transcript.words[i - 1].startMs);
  }
  // The 900 ms pauses between speakers separate segments.
  expect(transcript.segments.length).toBeGreaterThanOrEqual(3);
  for (const [i, segment] of transcript.segments.entries()) {
    if (i > 0) expect(segment.startMs).toBeGreaterThan(transcript.segments[i - 1].endMs);
  }
  expect(progress.length).toBeGreaterThan(1);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
  expect(progress[progress.length - 1]).toBe(1);
}, 90_000); // about 4 s on an idle machine; the margin is for a busy one

test('fails with an EngineError when the model files are missing', async () => {
  const engine = new PocketSphinxSpeechToText({ modelDir: path.join(dir, 'no-model') });
  await expect(engine.transcribe(chunk.path)).rejects.toBeInstanceOf(EngineError);
});

test('reads timed words and drops markers and fillers', () => {
  const output = [
    'roll for initiative',
    '<s> 0.000 0.390 0.998801',
    'roll 0.400 0.500 0.021711',
    '[NOISE] 0.510 0.600 0.5',
    '<sil> 0.610 0.700 0.9',
    'for(2) 0.710 0.850 0.091650',
    '++UH++ 0.860 0.900 0.1',
    'initiative 0.910 1.400 0.442244',
    '</s> 1.410 1.500 1.000000',
  ].join('\n');
  expect(parsePocketSphinxWords(output)).toEqual([
    { word: 'roll', startMs: 400, endMs: 500 },
    { word: 'for', startMs: 710, endMs: 850 },
    { word: 'initiative', startMs: 910, endMs: 1400 },
  ]);
});
