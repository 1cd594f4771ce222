import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { encodeAs, gameNight, makeSessionRecording, type SessionRecording } from '../../../test/audio-fixtures';
import { AudioRejectedError } from './audio-errors';
import { PipedAudioCheck } from './piped-audio-check';
import { PIPE_DECISION_BYTES } from './pipe-input';
import { probeAudio } from './probe-audio';

const CHUNK = 64 * 1024;
let dir: string;
let recording: SessionRecording;
let files: Record<'wav' | 'mp3' | 'ogg' | 'flac' | 'm4a', string>;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'piped-check-'));
  recording = await makeSessionRecording(dir, gameNight.slice(0, 4));
  const as = (name: string, args: string[] = []) => encodeAs(recording.path, path.join(dir, name), args);
  files = {
    wav: recording.path,
    mp3: await as('a.mp3', ['-q:a', '4']),
    ogg: await as('a.ogg', ['-c:a', 'libvorbis']),
    flac: await as('a.flac'),
    m4a: await as('fast.m4a', ['-c:a', 'aac', '-movflags', '+faststart']),
  };
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** Streams `bytes` through a check as an upload would: each write awaited, a refusal ends it. */
async function stream(bytes: Buffer): Promise<{ verdict: Promise<unknown>; written: number }> {
  const check = new PipedAudioCheck(bytes.subarray(0, PIPE_DECISION_BYTES));
  let written = 0;
  try {
    for (; written < bytes.length; written += CHUNK) {
      await Promise.race([check.write(bytes.subarray(written, written + CHUNK)), check.refused]);
    }
    return { verdict: check.end(), written };
  } catch (err) {
    await check.kill();
    return { verdict: Promise.reject(err), written };
  }
}

async function refusal(bytes: Buffer): Promise<AudioRejectedError> {
  const error = await (await stream(bytes)).verdict.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AudioRejectedError);
  return error as AudioRejectedError;
}

test('measures WAV, MP3, Ogg, FLAC and a fast-start M4A as probeAudio does on the stored file', async () => {
  for (const file of Object.values(files)) {
    const stored = await probeAudio(file);
    const piped = (await (await stream(await fs.readFile(file))).verdict) as typeof stored;
    expect({ ...piped, durationMs: 0 }).toEqual({ ...stored, durationMs: 0 });
    // MP3 from a pipe keeps the encoder's padding (about 20 ms) that a seekable file trims.
    expect(Math.abs(piped.durationMs - stored.durationMs)).toBeLessThan(100);
  }
});

test('refuses a recording whose header is valid and whose body is garbage', async () => {
  // How early depends on the format: MP3's and Ogg's demuxers resync past garbage looking for the
  // next frame or page, so ffmpeg may only say so at the end; the verdict is what matters.
  for (const file of [files.mp3, files.ogg, files.m4a]) {
    const start = (await fs.readFile(file)).subarray(0, 8192);
    const { verdict } = await stream(Buffer.concat([start, randomBytes(8 * 1024 * 1024)]));
    const error = await verdict.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioRejectedError);
    expect(['corrupt', 'not-audio']).toContain((error as AudioRejectedError).reason);
  }
});

test('refuses truncated WAV, MP3, Ogg and FLAC files, also cut on a packet boundary', async () => {
  for (const [format, file] of Object.entries(files)) {
    const bytes = await fs.readFile(file);
    for (const at of [Math.floor(bytes.length / 2), 44 + 4096 * 20]) {
      const verdict = await (
        await stream(bytes.subarray(0, at))
      ).verdict.then(
        (info) => ({ accepted: info }),
        (error: unknown) => (error instanceof AudioRejectedError ? error.reason : error),
      );
      // Which file and cut, should one ever pass.
      expect({ format, at, verdict }).toEqual({ format, at, verdict: 'corrupt' });
    }
  }
});

test('refuses a WebM cut short, which its demuxer alone notices', async () => {
  const webm = await encodeAs(recording.path, path.join(dir, 'a.webm'), ['-c:a', 'libopus', '-b:a', '24k']);
  const bytes = await fs.readFile(webm);
  expect(((await (await stream(bytes)).verdict) as { codec: string }).codec).toBe('opus');
  expect((await refusal(bytes.subarray(0, Math.floor(bytes.length / 2)))).reason).toBe('corrupt');
});

test('refuses a WAV whose header gives a sample rate no recording has, before it is charged by the hour', async () => {
  const bytes = Buffer.from(await fs.readFile(files.wav));
  // The fmt chunk of ffmpeg's WAV: 1 Hz, its byte rate and block align kept consistent.
  const fmt = bytes.indexOf('fmt ', 12, 'latin1') + 8;
  bytes.writeUInt16LE(1, fmt + 2);
  bytes.writeUInt32LE(1, fmt + 4);
  bytes.writeUInt32LE(2, fmt + 8);
  bytes.writeUInt16LE(2, fmt + 12);
  const error = await refusal(bytes);
  expect(error.reason).toBe('not-audio');
  expect(error.message).toBe('The uploaded file is not an audio recording we can read.');
});

test('refuses a WAV whose data size is short of its samples, and keeps one whose samples a tag follows', async () => {
  const bytes = Buffer.from(await fs.readFile(files.wav));
  const data = bytes.indexOf('data', 12, 'latin1');
  const samples = bytes.readUInt32LE(data + 4);
  // Read as its header says, a quarter of the recording: the rest would be dropped without a word.
  const short = Buffer.from(bytes);
  short.writeUInt32LE(samples / 4 - ((samples / 4) % 2), data + 4);
  expect((await refusal(short)).reason).toBe('corrupt');

  const list = Buffer.from('LIST\x1a\x00\x00\x00INFOISFT\x0e\x00\x00\x00Lavf60.16.100\x00', 'latin1');
  const tagged = Buffer.concat([bytes, list]);
  tagged.writeUInt32LE(tagged.length - 8, 4);
  const info = (await (await stream(tagged)).verdict) as { durationMs: number };
  expect(Math.abs(info.durationMs - recording.durationMs)).toBeLessThanOrEqual(5);
});

test('refuses a renamed text file as not audio, and nothing at all as empty', async () => {
  const text = Buffer.from('Session notes\nThe party met at the tavern.\n'.repeat(40));
  expect((await refusal(text)).reason).toBe('not-audio');
  const check = new PipedAudioCheck(Buffer.alloc(0));
  await expect(check.end()).rejects.toMatchObject({ reason: 'empty' });
});

test('holds the writer back while ffmpeg is behind, rather than buffering the recording', async () => {
  const bytes = await fs.readFile(files.flac);
  const check = new PipedAudioCheck(bytes.subarray(0, PIPE_DECISION_BYTES));
  // Written without waiting: the first write that has to wait comes within a few chunks.
  let waitedAt = -1;
  for (let at = 0; at < bytes.length && waitedAt < 0; at += CHUNK) {
    if (check.write(bytes.subarray(at, at + CHUNK))) waitedAt = at;
  }
  await check.kill();
  expect(waitedAt).toBeGreaterThanOrEqual(0);
  expect(waitedAt).toBeLessThan(4 * CHUNK);
});
