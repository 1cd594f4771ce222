import fs from 'node:fs/promises';
import nodePath from 'node:path';
import { z } from 'zod';
import { runCommand, type RunResult } from '../../adapters/process/run-command';
import { AudioRejectedError } from './audio-errors';
import { endsEarly } from './container-end';

export interface AudioInfo {
  /** Exact duration, measured by decoding (container headers can be estimates). */
  durationMs: number;
  codec: string;
  formatName: string;
  sizeBytes: number;
  sampleRate: number;
  channels: number;
}

/** What ffprobe says about a file: its container and its first audio stream. */
export type ProbedAudio = Omit<AudioInfo, 'durationMs' | 'sizeBytes'>;

export interface ProbeOptions {
  signal?: AbortSignal;
  /** Upper bound for the decode pass; about 1 h of audio decodes in 2-6 s. */
  timeoutMs?: number;
}

const ffprobeOutput = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        sample_rate: z.coerce.number().optional(),
        channels: z.number().optional(),
      }),
    )
    .default([]),
  format: z.object({ format_name: z.string() }).optional(),
});

/*
 * Demuxer and decoder messages that mean the file ends early or is damaged. ffprobe alone
 * reports a truncated WAV or FLAC as a shorter, valid file, so only a decode pass notices.
 */
const corruption = [
  /corrupt (input )?packet/i,
  /Packet corrupt/i,
  /decode_frame\(\) failed/i,
  /Error while decoding/i,
  /filesize and duration do not match/i,
  /Invalid data found when processing input/i,
  /moov atom not found/i,
  /Truncat/i,
  // Matroska/WebM: an element's declared size runs past the end of the file.
  /File ended prematurely/i,
];

/*
 * Sample rates a recording can have: telephony's 8 kHz is the lowest in use, 768 kHz the highest
 * any converter writes. A header saying 1 Hz is damage, and a PCM WAV's length is its bytes over
 * the header's rate: 435 kB of speech read as 60 hours, charged and cut into 6.6 GB of chunks.
 */
const SAMPLE_RATES = { min: 4_000, max: 768_000 };

/** ffprobe's arguments for `input` (a `file:` path or `pipe:0`): container and streams as JSON. */
export const probeArgs = (input: string) => [
  '-v',
  'error',
  '-print_format',
  'json',
  '-show_format',
  '-show_streams',
  input,
];

/**
 * ffmpeg's arguments for the decode pass over `input`: every packet of the first audio stream
 * decoded and thrown away, `-progress` reporting how far it got. `inputOptions` go before `-i`.
 */
export const decodeArgs = (input: string, inputOptions: string[] = []) => [
  '-nostdin',
  '-hide_banner',
  '-nostats',
  '-v',
  'warning',
  ...inputOptions,
  '-i',
  input,
  '-map',
  '0:a:0',
  '-f',
  'null',
  '-progress',
  'pipe:1',
  '-',
];

/** The first line of ffmpeg's messages that says the input is damaged or cut short, if any. */
export const damageIn = (stderr: string): string | undefined =>
  stderr.split('\n').find((line) => corruption.some((re) => re.test(line)));

/** Reads ffprobe's answer; throws AudioRejectedError when it found no container or no audio in it. */
export function readProbe(probe: RunResult): ProbedAudio {
  // An MP4 whose index never came (cut off before it, as a phone's upload can be) is damage, not a
  // file of another kind: its container is there, its index is not.
  if (probe.code !== 0) {
    throw new AudioRejectedError(
      /moov atom not found/i.test(probe.stderr) ? 'corrupt' : 'not-audio',
      probe.stderr.trim(),
    );
  }
  const parsed = ffprobeOutput.safeParse(parseJson(probe.stdout));
  if (!parsed.success || !parsed.data.format) throw new AudioRejectedError('not-audio', probe.stdout);
  const audio = parsed.data.streams.find((s) => s.codec_type === 'audio');
  if (!audio?.codec_name) throw new AudioRejectedError('no-audio-stream');
  const rate = audio.sample_rate;
  if (rate !== undefined && (rate < SAMPLE_RATES.min || rate > SAMPLE_RATES.max)) {
    throw new AudioRejectedError('not-audio', `sample rate ${rate} Hz`);
  }
  return {
    codec: audio.codec_name,
    formatName: parsed.data.format.format_name,
    sampleRate: audio.sample_rate ?? 0,
    channels: audio.channels ?? 0,
  };
}

/** The decoded length from a finished decode pass; throws AudioRejectedError when it failed or found damage. */
export function readDecode(decode: RunResult): number {
  const damage = damageIn(decode.stderr);
  if (decode.code !== 0 || damage) throw new AudioRejectedError('corrupt', damage ?? decode.stderr.trim());
  return decodedMs(decode.stdout);
}

/** Checks that a file is real, complete audio and measures it; throws AudioRejectedError if not. */
export async function probeAudio(path: string, options: ProbeOptions = {}): Promise<AudioInfo> {
  const { signal, timeoutMs = 10 * 60_000 } = options;
  const stat = await fs.stat(path).catch(() => undefined);
  if (!stat?.isFile()) throw new AudioRejectedError('missing', path);
  if (stat.size === 0) throw new AudioRejectedError('empty');
  // `file:` keeps ffmpeg from reading a name as an option or a network protocol.
  const input = `file:${nodePath.resolve(path)}`;

  const probed = readProbe(await runCommand('ffprobe', probeArgs(input), { signal, timeoutMs: 60_000 }));
  // Seconds of CPU for hours of audio: niced, so the uploader waits a little longer when the
  // machine is busy rather than everyone browsing at the time.
  const decode = await runCommand('ffmpeg', decodeArgs(input), { signal, timeoutMs, background: true });
  const durationMs = readDecode(decode);
  if (await endsEarly(path, probed.formatName)) throw new AudioRejectedError('corrupt', 'container ends early');
  if (!durationMs) throw new AudioRejectedError('silent');
  return { ...probed, durationMs, sizeBytes: stat.size };
}

/** ffmpeg's `-progress` output repeats `out_time_us=`; the last one is the decoded length. */
export function decodedMs(progress: string): number {
  const values = [...progress.matchAll(/^out_time_us=(\d+)$/gm)].map((m) => Number(m[1]));
  return values.length ? Math.round(values[values.length - 1] / 1000) : 0;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What a stored file holds, by ffprobe alone (no decode): its container and audio codec, and whether it has video. */
export async function probeFormat(
  path: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ formatName: string; audioCodec: string | null; hasVideo: boolean }> {
  const probe = await runCommand('ffprobe', probeArgs(`file:${nodePath.resolve(path)}`), {
    signal: options.signal,
    timeoutMs: 60_000,
  });
  const parsed = ffprobeOutput.safeParse(parseJson(probe.stdout));
  if (probe.code !== 0 || !parsed.success || !parsed.data.format) throw new AudioRejectedError('not-audio');
  const { streams, format } = parsed.data;
  return {
    formatName: format.format_name,
    audioCodec: streams.find((s) => s.codec_type === 'audio')?.codec_name ?? null,
    // Cover art (mjpeg, png) in an MP3 or M4A is a "video" stream too; it costs the player nothing.
    hasVideo: streams.some((s) => s.codec_type === 'video' && !['mjpeg', 'png'].includes(s.codec_name ?? '')),
  };
}
