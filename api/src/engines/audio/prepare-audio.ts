import fs from 'node:fs/promises';
import path from 'node:path';
import { runCommand } from '../../adapters/process/run-command';
import { AudioRejectedError } from './audio-errors';
import { parseSilences, planChunks, planLeads } from './chunk-plan';
import { BYTES_PER_MS, findPcmData, WAV_HEADER_BYTES, writeWavSlice } from './wav';

export interface PrepareOptions {
  /** Longest chunk; 10 min keeps a failed request cheap to redo. */
  maxChunkMs?: number;
  /** Largest chunk file; OpenAI-compatible endpoints refuse requests of 25 MB and more. */
  maxChunkBytes?: number;
  /** Quieter than this counts as silence (speech sits well above -35 dB in table recordings). */
  silenceThresholdDb?: number;
  /** Pauses shorter than this are not cut points. */
  minSilenceMs?: number;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface AudioChunk {
  index: number;
  /** Where the chunk's audio starts, its lead included (ms on the recording's timeline). */
  startMs: number;
  /** Where the chunk's own part starts: words heard before it belong to the previous chunk. */
  ownStartMs: number;
  /** Of the audio, the lead included. */
  durationMs: number;
  path: string;
  sizeBytes: number;
}

export const DEFAULT_MAX_CHUNK_MS = 10 * 60_000;
export const DEFAULT_MAX_CHUNK_BYTES = 24_000_000;

/**
 * Converts a recording to 16 kHz mono 16-bit WAV and splits it at silences into chunks bounded
 * in duration and bytes, written to `workDir` as chunk-000.wav, chunk-001.wav, ... Every chunk
 * after the first also holds a lead of audio before its cut (chunk-plan.ts: planLeads).
 */
export async function prepareAudio(
  input: string,
  workDir: string,
  options: PrepareOptions = {},
): Promise<AudioChunk[]> {
  const {
    maxChunkMs = DEFAULT_MAX_CHUNK_MS,
    maxChunkBytes = DEFAULT_MAX_CHUNK_BYTES,
    silenceThresholdDb = -35,
    minSilenceMs = 400,
    signal,
    timeoutMs = 30 * 60_000,
  } = options;
  await fs.mkdir(workDir, { recursive: true });
  const full = path.join(workDir, 'full-16k.wav');
  // One pass both converts and listens for silences; silencedetect logs at info level on stderr.
  const convert = await runCommand(
    'ffmpeg',
    ['-nostdin', '-hide_banner', '-nostats', '-v', 'info', '-y', '-i', `file:${path.resolve(input)}`]
      .concat(['-map', '0:a:0', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-rf64', 'auto'])
      .concat(['-af', `silencedetect=noise=${silenceThresholdDb}dB:d=${minSilenceMs / 1000}`, `file:${full}`]),
    { signal, timeoutMs, background: true },
  );
  // probeAudio has decoded the file already, so a failure here is the machine's (disk, memory): retryable.
  if (convert.code !== 0)
    throw new Error(`ffmpeg could not convert the recording: ${convert.stderr.trim().split('\n').pop()}`);

  try {
    const pcm = await findPcmData(full);
    const durationMs = Math.floor(pcm.bytes / BYTES_PER_MS);
    if (durationMs === 0) throw new AudioRejectedError('silent');
    const byteBoundMs = Math.floor((maxChunkBytes - WAV_HEADER_BYTES) / BYTES_PER_MS);
    const silences = parseSilences(convert.stderr, durationMs);
    const spans = planChunks(durationMs, silences, Math.min(maxChunkMs, byteBoundMs));
    const leads = planLeads(spans, silences, byteBoundMs);
    const chunks: AudioChunk[] = [];
    for (const [index, span] of spans.entries()) {
      signal?.throwIfAborted();
      const file = path.join(workDir, `chunk-${String(index).padStart(3, '0')}.wav`);
      const from = leads[index] * BYTES_PER_MS;
      const to = Math.min(span.endMs * BYTES_PER_MS, pcm.bytes);
      await writeWavSlice(full, pcm, from, to, file);
      chunks.push({
        index,
        startMs: leads[index],
        ownStartMs: span.startMs,
        durationMs: (to - from) / BYTES_PER_MS,
        path: file,
        sizeBytes: WAV_HEADER_BYTES + to - from,
      });
    }
    return chunks;
  } finally {
    await fs.rm(full, { force: true });
  }
}
