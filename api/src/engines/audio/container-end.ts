import fs from 'node:fs/promises';
import { riffChunks } from './wav';

/** How many bytes of a file's start and end the checks below read: headers and the last Ogg page fit. */
export const CONTAINER_EDGE_BYTES = 65_536;

// An Ogg page is at most 65,307 bytes, so the last page header sits in the last CONTAINER_EDGE_BYTES.
const OGG_END_OF_STREAM = 0x04;

/** A file's first and last bytes (up to CONTAINER_EDGE_BYTES each) and its length. */
export interface ContainerEdges {
  head: Buffer;
  tail: Buffer;
  size: number;
}

/**
 * Whether a WAV, Ogg or MP3 file stops before its container says it ends. ffmpeg decodes such
 * files without complaint when the cut falls on a packet boundary, so the structure is checked
 * directly: a WAV header's data size, the end-of-stream flag on an Ogg file's last page, the byte
 * count in an MP3's Xing/Info frame (ffmpeg compares that one itself, but only when it can ask a
 * file for its size, not on a pipe).
 */
export async function endsEarly(path: string, formatName: string): Promise<boolean> {
  if (!['wav', 'ogg', 'mp3'].includes(formatName)) return false;
  const handle = await fs.open(path, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, CONTAINER_EDGE_BYTES);
    const [head, tail] = [Buffer.alloc(length), Buffer.alloc(length)];
    await handle.read(head, 0, length, 0);
    await handle.read(tail, 0, length, size - length);
    return edgesEndEarly(formatName, { head, tail, size });
  } finally {
    await handle.close();
  }
}

/** endsEarly for bytes seen in passing (an upload checked as it streams): the same rules. */
export function edgesEndEarly(formatName: string, { head, tail, size }: ContainerEdges): boolean {
  if (formatName === 'wav') {
    const dataEnd = wavDataEnd(head);
    return dataEnd > size || wavTrailsSamples(dataEnd, tail, size);
  }
  if (formatName === 'mp3') return mp3EndsEarly(head, size);
  if (formatName !== 'ogg') return false;
  const lastPage = tail.lastIndexOf('OggS');
  return lastPage < 0 || lastPage + 5 >= tail.length || (tail[lastPage + 5] & OGG_END_OF_STREAM) === 0;
}

/**
 * Where a WAV's data chunk says the file ends (0 when it does not say: RF64 and streaming writers
 * leave 0xFFFFFFFF or 0 as its size, and the file length is the truth then).
 */
function wavDataEnd(head: Buffer): number {
  for (const { id, body, size } of riffChunks(head)) {
    if (id === 'data') return size === 0xffffffff ? 0 : body + size;
  }
  return 0;
}

/** Four printable ASCII characters: a RIFF chunk's id ("LIST", "id3 "). */
const CHUNK_ID = /^[\x20-\x7e]{4}$/;

/**
 * Whether what follows a WAV's data chunk is more than chunks (a LIST or id3 tag) or zero padding:
 * a header whose data size is too small, read as it says, silently drops the rest of the recording
 * (a probe's WAV at a quarter of its size kept 2.5 s of 10). Only the last CONTAINER_EDGE_BYTES
 * are at hand; tags after the samples are far smaller, so more than that after them is samples.
 */
function wavTrailsSamples(dataEnd: number, tail: Buffer, size: number): boolean {
  if (!dataEnd || dataEnd >= size) return false;
  const tailStart = size - tail.length;
  let at = dataEnd + (dataEnd % 2);
  if (at < tailStart) return true;
  if (tail.subarray(at - tailStart).every((byte) => byte === 0)) return false;
  while (at + 8 <= size) {
    if (!CHUNK_ID.test(tail.toString('latin1', at - tailStart, at - tailStart + 4))) return true;
    const chunk = tail.readUInt32LE(at - tailStart + 4);
    at += 8 + chunk + (chunk % 2);
  }
  // A last chunk may lack its pad byte; one that runs past the end was cut.
  return at > size + 1 || (at < size && at + 8 > size);
}

/** Where a Xing/Info tag sits after the 4-byte frame header: [MPEG-2/2.5][mono] (ffmpeg's xing_offtbl). */
const XING_OFFSET = [
  [32, 17],
  [17, 9],
];
const XING_FLAG_FRAMES = 1;
const XING_FLAG_SIZE = 2;

/**
 * ffmpeg's own rule (mp3dec.c): the bytes after the first frame's header fall short of the Xing
 * tag's byte count by more than a sixteenth. The first frame follows any ID3v2 tag.
 */
function mp3EndsEarly(head: Buffer, size: number): boolean {
  let frame = 0;
  if (head.toString('latin1', 0, 3) === 'ID3' && head.length >= 10) {
    const tagSize = (head[6] << 21) | (head[7] << 14) | (head[8] << 7) | head[9];
    frame = 10 + tagSize + (head[5] & 0x10 ? 10 : 0);
  }
  while (frame + 4 <= head.length && !(head[frame] === 0xff && (head[frame + 1] & 0xe0) === 0xe0)) frame++;
  if (frame + 4 > head.length) return false;
  const lsf = (head[frame + 1] & 0x18) !== 0x18 ? 1 : 0;
  const mono = (head[frame + 3] & 0xc0) === 0xc0 ? 1 : 0;
  let at = frame + 4 + XING_OFFSET[lsf][mono];
  if (at + 8 > head.length || !['Xing', 'Info'].includes(head.toString('latin1', at, at + 4))) return false;
  const flags = head.readUInt32BE(at + 4);
  at += 8 + (flags & XING_FLAG_FRAMES ? 4 : 0);
  if (!(flags & XING_FLAG_SIZE) || at + 4 > head.length) return false;
  const declared = head.readUInt32BE(at);
  const present = Math.max(0, size - (frame + 4));
  return present < declared && declared - present > present >> 4;
}
