import fs from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

/** 16 kHz mono 16-bit PCM: what every speech engine here takes. */
export const SAMPLE_RATE = 16_000;
export const BYTES_PER_MS = (SAMPLE_RATE * 2) / 1000;
export const WAV_HEADER_BYTES = 44;

export interface PcmData {
  offset: number;
  bytes: number;
  /** The header promises more samples than the file holds: an upload cut short. */
  truncated: boolean;
}

/** Finds the PCM samples inside a WAV written by ffmpeg (which may add LIST chunks before them). */
export async function findPcmData(path: string): Promise<PcmData> {
  const handle = await fs.open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, 64 * 1024));
    await handle.read(head, 0, head.length, 0);
    const magic = head.toString('ascii', 0, 4);
    if ((magic !== 'RIFF' && magic !== 'RF64') || head.toString('ascii', 8, 12) !== 'WAVE') {
      throw new Error(`${path} is not a WAV file`);
    }
    for (const chunk of riffChunks(head)) {
      if (chunk.id !== 'data') continue;
      // RF64 and streaming writers leave 0xFFFFFFFF or 0 there: the file length is the truth then.
      const unknown = chunk.size === 0xffffffff || chunk.size === 0;
      const truncated = !unknown && chunk.body + chunk.size > size;
      const bytes = unknown || truncated ? size - chunk.body : chunk.size;
      return { offset: chunk.body, bytes: bytes - (bytes % 2), truncated };
    }
    throw new Error(`${path} has no data chunk`);
  } finally {
    await handle.close();
  }
}

/** A RIFF chunk: its id, where its body starts and the size its header declares. */
export interface RiffChunk {
  id: string;
  body: number;
  size: number;
}

/** The chunks of a RIFF/WAVE file whose headers lie within `head` (its first bytes), in order. */
export function* riffChunks(head: Buffer): Generator<RiffChunk> {
  for (let at = 12; at + 8 <= head.length;) {
    const chunk = { id: head.toString('latin1', at, at + 4), body: at + 8, size: head.readUInt32LE(at + 4) };
    yield chunk;
    at = chunk.body + chunk.size + (chunk.size % 2);
  }
}

function header(dataBytes: number): Buffer {
  const h = Buffer.alloc(WAV_HEADER_BYTES);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(SAMPLE_RATE, 24);
  h.writeUInt32LE(SAMPLE_RATE * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** Copies a byte range of 16 kHz mono PCM into its own WAV file, streaming (no whole-file buffer). */
export async function writeWavSlice(source: string, pcm: PcmData, from: number, to: number, target: string) {
  const out = createWriteStream(target);
  out.write(header(to - from));
  await pipeline(createReadStream(source, { start: pcm.offset + from, end: pcm.offset + to - 1 }), out);
}
