import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { encodeAs } from '../../../test/audio-fixtures';
import { makeTone } from '../../../test/uploads';
import { playsInBrowsers } from './browser-rendition';
import { probeFormat } from './probe-audio';

/*
 * Which uploads the player streams as they are, read by ffprobe from real files: the formats every
 * current browser plays need no rendition; the rest (and anything with a picture track) get one.
 */
let dir: string;
let wav: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rendition-'));
  wav = await makeTone(path.join(dir, 'tone.wav'), 2, 16000);
}, 60_000);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const playable = async (name: string, args: string[]) =>
  playsInBrowsers(await probeFormat(await encodeAs(wav, path.join(dir, name), args)));

test.each([
  ['session.mp3', ['-c:a', 'libmp3lame']],
  ['session.m4a', ['-c:a', 'aac']],
  ['session.webm', ['-c:a', 'libopus']],
  ['session.flac', ['-c:a', 'flac']],
  ['session.wav', ['-c:a', 'pcm_s16le']],
])('%s plays in browsers as it is', async (name, args) => {
  expect(await playable(name, args)).toBe(true);
});

test.each([
  ['session.wma', ['-c:a', 'wmav2']],
  ['session.aiff', ['-c:a', 'pcm_s16be']],
  ['session.ogg', ['-c:a', 'libvorbis']],
  ['video.mp4', ['-f', 'lavfi', '-i', 'color=c=black:s=64x64:d=2', '-c:a', 'aac', '-c:v', 'libx264', '-shortest']],
])('%s gets a rendition', async (name, args) => {
  expect(await playable(name, args)).toBe(false);
});

test('a file that is not audio is refused, not guessed at', async () => {
  const text = path.join(dir, 'notes.txt');
  await fs.writeFile(text, 'not audio');
  await expect(probeFormat(text)).rejects.toThrow();
});
