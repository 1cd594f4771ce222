import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { encodeAs, gameNight, makeSessionRecording, type SessionRecording } from '../../../test/audio-fixtures';
import { AudioRejectedError } from './audio-errors';
import { probeAudio } from './probe-audio';

const run = promisify(execFile);
let dir: string;
let recording: SessionRecording;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'probe-'));
  recording = await makeSessionRecording(dir, gameNight.slice(0, 4));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function rejection(file: string): Promise<AudioRejectedError> {
  const error = await probeAudio(file).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AudioRejectedError);
  return error as AudioRejectedError;
}

test('accepts WAV, MP3 and Ogg made by ffmpeg and measures them', async () => {
  const wav = await probeAudio(recording.path);
  expect(wav).toMatchObject({ codec: 'pcm_s16le', channels: 1, sampleRate: 22050 });
  expect(Math.abs(wav.durationMs - recording.durationMs)).toBeLessThanOrEqual(5);

  const mp3 = await probeAudio(await encodeAs(recording.path, path.join(dir, 'a.mp3'), ['-q:a', '4']));
  expect(mp3.codec).toBe('mp3');
  expect(Math.abs(mp3.durationMs - recording.durationMs)).toBeLessThan(100);

  const ogg = await probeAudio(await encodeAs(recording.path, path.join(dir, 'a.ogg'), ['-c:a', 'libvorbis']));
  expect(ogg.codec).toBe('vorbis');
  expect(Math.abs(ogg.durationMs - recording.durationMs)).toBeLessThan(100);
});

test('measures a VBR MP3 without a Xing header exactly, where the header estimate is wrong', async () => {
  const file = await encodeAs(recording.path, path.join(dir, 'noxing.mp3'), ['-q:a', '4', '-write_xing', '0']);
  const info = await probeAudio(file);
  expect(Math.abs(info.durationMs - recording.durationMs)).toBeLessThan(100);
});

test('refuses a renamed text file, a zero-byte file and a missing file', async () => {
  const text = path.join(dir, 'notes.mp3');
  await fs.writeFile(text, 'Session notes\nThe party met at the tavern.\nBring snacks next week.\n');
  expect((await rejection(text)).reason).toBe('not-audio');

  const empty = path.join(dir, 'empty.wav');
  await fs.writeFile(empty, '');
  const emptyError = await rejection(empty);
  expect(emptyError.reason).toBe('empty');
  expect(emptyError.message).toBe('The uploaded file is empty.');

  expect((await rejection(path.join(dir, 'nowhere.wav'))).reason).toBe('missing');
});

test('refuses truncated WAV, MP3, Ogg and FLAC files with a readable reason', async () => {
  const mp3 = await encodeAs(recording.path, path.join(dir, 'full.mp3'), ['-q:a', '4']);
  const ogg = await encodeAs(recording.path, path.join(dir, 'full.ogg'), ['-c:a', 'libvorbis']);
  const flac = await encodeAs(recording.path, path.join(dir, 'full.flac'));
  // A WAV cut on a 4 KiB boundary decodes without a single ffmpeg warning.
  const cuts: Array<[string, (size: number) => number]> = [
    [recording.path, (size) => Math.floor(size / 2)],
    [recording.path, () => 44 + 4096 * 20],
    [mp3, (size) => Math.floor(size / 2)],
    [ogg, (size) => Math.floor(size / 2)],
    [flac, (size) => Math.floor(size / 2)],
  ];
  for (const [i, [source, at]] of cuts.entries()) {
    const bytes = await fs.readFile(source);
    const cut = path.join(dir, `cut-${i}-${path.basename(source)}`);
    await fs.writeFile(cut, bytes.subarray(0, at(bytes.length)));
    const error = await rejection(cut);
    expect(error.reason).toBe('corrupt');
    expect(error.message).toMatch(/truncated or damaged/);
  }
});

test('refuses an M4A cut off before its index (written last) as damaged, not as another kind of file', async () => {
  const m4a = await encodeAs(recording.path, path.join(dir, 'index-last.m4a'), ['-c:a', 'aac']);
  const bytes = await fs.readFile(m4a);
  const cut = path.join(dir, 'index-last-cut.m4a');
  await fs.writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 3)));
  const error = await rejection(cut);
  expect(error.reason).toBe('corrupt');
  expect(error.message).toMatch(/truncated or damaged/);
});

test('refuses a video file without an audio track', async () => {
  const video = path.join(dir, 'silent-film.mp4');
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'color=c=red:s=32x32:d=1', video]);
  expect((await rejection(video)).reason).toBe('no-audio-stream');
});
