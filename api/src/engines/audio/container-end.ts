import fs from 'node:fs/promises';
import { findPcmData } from './wav';

// An Ogg page is at most 65,307 bytes, so the last page header sits in this tail.
const OGG_TAIL_BYTES = 65_536;
const OGG_END_OF_STREAM = 0x04;

/**
 * Whether a WAV or Ogg file stops before its container says it ends. ffmpeg decodes such files
 * without complaint when the cut falls on a packet boundary, so the structure is checked directly:
 * a WAV header's data size, the end-of-stream flag on an Ogg file's last page.
 */
export async function endsEarly(path: string, formatName: string): Promise<boolean> {
  if (formatName === 'wav') return (await findPcmData(path)).truncated;
  if (formatName !== 'ogg') return false;
  const handle = await fs.open(path, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, OGG_TAIL_BYTES);
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, size - length);
    const lastPage = tail.lastIndexOf('OggS');
    return lastPage < 0 || lastPage + 5 >= length || (tail[lastPage + 5] & OGG_END_OF_STREAM) === 0;
  } finally {
    await handle.close();
  }
}
