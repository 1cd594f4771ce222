import { createHash } from 'node:crypto';
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { describe, expect, it } from 'vitest';
import { packTracks } from './pack-tracks';

/** Bytes that differ from file to file and from place to place, so a swap or a cut shows. */
function bytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 31 + seed * 7 + (i >> 8)) & 0xff;
  return out;
}

const digest = (data: Uint8Array) => ({ length: data.length, sha256: createHash('sha256').update(data).digest('hex') });

const track = (name: string, content: Uint8Array) => new File([content as BlobPart], name, { type: 'audio/flac' });

async function entries(zip: File): Promise<{ files: Record<string, Uint8Array>; infos: UnzipFileInfo[] }> {
  const infos: UnzipFileInfo[] = [];
  const files = unzipSync(new Uint8Array(await zip.arrayBuffer()), {
    filter: (info) => {
      infos.push(info);
      return true;
    },
  });
  return { files, infos };
}

describe('packTracks', () => {
  it('packs each file as one track of one ZIP, byte for byte, in the order picked', async () => {
    // 300 kB spans several chunks of the file's stream: every chunk must reach the entry.
    const alice = bytes(300_000, 1);
    const bob = bytes(1_000, 2);
    const gm = bytes(0, 3);
    const zip = await packTracks([track('alice.flac', alice), track('bob.flac', bob), track('gm.flac', gm)]);

    expect(zip.name).toBe('Multi-track recording (3 tracks).zip');
    expect(zip.type).toBe('application/zip');
    const { files, infos } = await entries(zip);
    expect(infos.map((i) => i.name)).toEqual(['alice.flac', 'bob.flac', 'gm.flac']);
    // Compared by digest: an element-wise diff of 300 kB takes the matcher seconds.
    expect(digest(files['alice.flac'])).toEqual(digest(alice));
    expect(files['bob.flac']).toEqual(bob);
    expect(files['gm.flac']).toEqual(gm);
  });

  it('stores the audio uncompressed', async () => {
    const audio = bytes(50_000, 4);
    const zip = await packTracks([track('a.ogg', audio), track('b.ogg', audio)]);
    const { infos } = await entries(zip);
    // Method 0 is "stored": the ZIP is the tracks plus headers, no bigger, no slower to make.
    expect(infos.map((i) => [i.compression, i.size, i.originalSize])).toEqual([
      [0, 50_000, 50_000],
      [0, 50_000, 50_000],
    ]);
    expect(zip.size).toBeLessThan(100_000 + 1_000);
  });

  it('keeps two files of the same name apart: each speaker stays one track', async () => {
    const first = bytes(10, 5);
    const second = bytes(10, 6);
    const third = bytes(10, 7);
    const zip = await packTracks([track('mic.wav', first), track('mic.wav', second), track('mic.wav', third)]);
    const { files, infos } = await entries(zip);
    expect(infos.map((i) => i.name)).toEqual(['mic.wav', '2-mic.wav', '3-mic.wav']);
    expect(files['mic.wav']).toEqual(first);
    expect(files['2-mic.wav']).toEqual(second);
    expect(files['3-mic.wav']).toEqual(third);
  });
});
