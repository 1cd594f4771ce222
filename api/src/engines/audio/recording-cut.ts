import fs from 'node:fs/promises';
import path from 'node:path';
import { runCommand } from '../../adapters/process/run-command';
import { AudioRejectedError } from './audio-errors';
import { parseSilences, planChunks, type Span } from './chunk-plan';
import { BYTES_PER_MS, findPcmData, writeWavSlice } from './wav';

export interface CutPlan {
  /** Where the next cut starts (segment-relative ms). */
  cutMs: number;
  /** The segment's whole decoded length when cut to its end. */
  durationMs: number | null;
  chunks: Array<{ startMs: number; durationMs: number; path: string }>;
}

export interface CutOptions {
  /** Cut to the end (the segment is complete); otherwise keep back the unfinished tail. */
  final: boolean;
  /** Length of a live chunk: audio is cut once this much more arrived. */
  liveChunkMs: number;
  /** The newest audio is left for the next cut: the words being spoken may go on. */
  marginMs: number;
  /** Longest chunk (when a stopped recording's tail is longer than a live chunk). */
  maxChunkMs: number;
  signal?: AbortSignal;
}

/** A recording's chunk sizes as configured. */
export interface RecordingChunkSizes {
  liveChunkMs: number;
  marginMs: number;
  /** The longest chunk of any upload (PROCESSING_MAX_CHUNK_SECONDS). */
  maxChunkMs: number;
}

/**
 * How a segment is cut: to its end (a newer segment follows it, or the recording stopped), or while
 * live only whole live chunks short of the margin. After Stop, what is left (up to a live chunk and
 * the margin) is all that stands between Stop and READY: cut in halves, the workflow's two
 * transcription lanes share it.
 */
export function cutOptions(sizes: RecordingChunkSizes, toEnd: boolean, signal?: AbortSignal): CutOptions {
  const halves = Math.min(sizes.maxChunkMs, Math.max(10_000, Math.ceil(sizes.liveChunkMs / 2)));
  const { liveChunkMs, marginMs } = sizes;
  return { final: toEnd, liveChunkMs, marginMs, maxChunkMs: toEnd ? halves : sizes.maxChunkMs, signal };
}

/**
 * Decodes a segment (its parts joined; a stream cut off mid-way decodes up to its last complete
 * block) from `fromMs` on to 16 kHz mono and cuts the new audio into chunks at silences, as the
 * upload's preparation does. While live, only whole chunks of `liveChunkMs` end before the margin.
 */
export async function cutSegment(input: string, fromMs: number, dir: string, options: CutOptions): Promise<CutPlan> {
  const full = path.join(dir, 'from-cut-16k.wav');
  const seek = fromMs > 0 ? ['-ss', (fromMs / 1000).toFixed(3)] : [];
  const convert = await runCommand(
    'ffmpeg',
    ['-nostdin', '-hide_banner', '-nostats', '-v', 'info', '-y', ...seek, '-i', `file:${path.resolve(input)}`]
      .concat(['-map', '0:a:0', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le'])
      .concat(['-af', 'silencedetect=noise=-35dB:d=0.4', `file:${full}`]),
    { signal: options.signal, timeoutMs: 10 * 60_000, background: true },
  );
  const decoded = convert.code === 0 ? await findPcmData(full).catch(() => null) : null;
  if (!decoded) {
    // The first part passed the container check, so more bytes may make it readable; at the end it is damaged.
    if (options.final) throw new AudioRejectedError('corrupt', convert.stderr.trim().split('\n').pop());
    return { cutMs: fromMs, durationMs: null, chunks: [] };
  }
  const newMs = Math.floor(decoded.bytes / BYTES_PER_MS);
  const silences = parseSilences(convert.stderr, newMs);
  let spans: Span[];
  if (options.final) spans = planChunks(newMs, silences, options.maxChunkMs);
  else {
    const usable = newMs - options.marginMs;
    // Cut windows of a live chunk each; the last window is the unfinished remainder and waits.
    spans = usable > options.liveChunkMs ? planChunks(usable, silences, options.liveChunkMs).slice(0, -1) : [];
  }
  const chunks: CutPlan['chunks'] = [];
  for (const [i, span] of spans.entries()) {
    const file = path.join(dir, `chunk-${i}.wav`);
    const from = span.startMs * BYTES_PER_MS;
    const to = Math.min(span.endMs * BYTES_PER_MS, decoded.bytes);
    if (to <= from) continue;
    await writeWavSlice(full, decoded, from, to, file);
    chunks.push({ startMs: fromMs + span.startMs, durationMs: (to - from) / BYTES_PER_MS, path: file });
  }
  await fs.rm(full, { force: true });
  const last = spans.at(-1);
  return {
    cutMs: options.final ? fromMs + newMs : fromMs + (last?.endMs ?? 0),
    durationMs: options.final ? fromMs + newMs : null,
    chunks,
  };
}

/**
 * Joins the segments into one WebM: the packets as they are when every segment holds Opus (no
 * quality lost, seconds for hours), re-encoded to Opus otherwise (Safari records AAC in MP4).
 */
export async function concatSegments(files: string[], output: string, signal?: AbortSignal): Promise<void> {
  const list = path.join(path.dirname(output), 'segments.txt');
  await fs.writeFile(list, files.map((f) => `file '${path.resolve(f).replace(/'/g, "'\\''")}'\n`).join(''));
  const base = ['-nostdin', '-hide_banner', '-nostats', '-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list];
  const copy = await runCommand('ffmpeg', [...base, '-map', '0:a:0', '-c', 'copy', `file:${output}`], {
    signal,
    timeoutMs: 30 * 60_000,
    background: true,
  });
  if (copy.code === 0) return;
  const encode = await runCommand(
    'ffmpeg',
    [...base, '-map', '0:a:0', '-c:a', 'libopus', '-b:a', '48k', `file:${output}`],
    { signal, timeoutMs: 60 * 60_000, background: true },
  );
  if (encode.code !== 0) throw new AudioRejectedError('corrupt', encode.stderr.trim().split('\n').pop());
}
