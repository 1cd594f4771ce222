import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { encodeAs, makeSessionRecording } from '../../../test/audio-fixtures';
import { makeCraigZip } from '../../../test/multitrack';
import { isZip, trackLabel, ZIP_MESSAGES, ZipRefusedError } from '../../adapters/archive/audio-zip';
import { extractAudioTracks } from './audio-tracks';

const GB = 1024 ** 3;
let dir: string;
let flac: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'questlog-zip-'));
  const speech = await makeSessionRecording(dir, [{ voice: 'en-us', text: 'The bridge is out.' }]);
  flac = await encodeAs(speech.path, path.join(dir, 'speech.flac'));
}, 60_000);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function zipOf(name: string, entries: Array<{ name: string; data?: Buffer; file?: string; mode?: number }>) {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    if (e.file) zip.addFile(e.file, e.name, { mode: e.mode });
    else zip.addBuffer(e.data ?? Buffer.from('x'), e.name, { mode: e.mode });
  }
  zip.end();
  const out = path.join(dir, name);
  await pipeline(zip.outputStream, createWriteStream(out));
  return out;
}

/** Extracts into a fresh folder; returns the folder and what happened. */
async function attempt(zip: string, maxBytes = GB) {
  const dest = path.join(dir, `out-${path.basename(zip)}`);
  const result = await extractAudioTracks(zip, dest, { maxBytes }).then(
    (tracks) => ({ tracks, error: null }),
    (error: Error) => ({ tracks: null, error }),
  );
  const left = await fs.readdir(dest).catch(() => null);
  return { ...result, left };
}

async function refused(zip: string, message: string, maxBytes = GB) {
  const { error, left } = await attempt(zip, maxBytes);
  expect(error).toBeInstanceOf(ZipRefusedError);
  expect(error!.message).toBe(message);
  expect(left).toBeNull();
}

test('a Craig ZIP gives one checked track per speaker, named after its file; other files are skipped', async () => {
  const craig = await makeCraigZip(
    path.join(dir, 'craig'),
    [
      { voice: 'en-us', text: 'You enter the cave.' },
      { voice: 'en+m3', text: 'I light a torch.' },
      { voice: 'en+f3', text: 'I follow him.' },
    ],
    { 'en-us': 'dana_gm', 'en+m3': 'sam', 'en+f3': 'Lyra the Bard' },
  );
  expect(await isZip(craig.zip)).toBe(true);
  expect(await isZip(flac)).toBe(false);
  const { tracks, error } = await attempt(craig.zip);
  expect(error).toBeNull();
  expect(tracks!.map((t) => [t.label, t.file])).toEqual([
    ['dana_gm', '1-dana_gm.flac'],
    ['sam', '2-sam.ogg'],
    ['Lyra the Bard', '3-Lyra the Bard.flac'],
  ]);
  for (const t of tracks!) {
    expect(t.audio.durationMs).toBeGreaterThan(craig.durationMs - 200);
    expect((await fs.stat(t.path)).size).toBe(t.bytes);
  }
});

test('labels: leading track numbers go, duplicates are told apart', async () => {
  expect(trackLabel('1-sam.flac')).toBe('sam');
  expect(trackLabel('12_dana.ogg')).toBe('dana');
  expect(trackLabel('gm.m4a')).toBe('gm');
  expect(trackLabel('2024-recap.flac')).toBe('recap');
  const zip = await zipOf('dupes.zip', [
    { name: '1-sam.flac', file: flac },
    { name: 'b/2-sam.flac', file: flac },
    { name: '__MACOSX/._1-sam.flac', data: Buffer.from('resource fork') },
    { name: '.DS_Store', data: Buffer.from('junk') },
  ]);
  const { tracks } = await attempt(zip);
  expect(tracks!.map((t) => t.label)).toEqual(['sam', 'sam (2)']);
});

test('refuses what is no multi-track recording, leaving nothing behind', async () => {
  await refused(await zipOf('none.zip', [{ name: 'info.txt', data: Buffer.from('hello') }]), ZIP_MESSAGES.noAudio);
  await refused(
    await zipOf('text.zip', [
      { name: '1-sam.flac', file: flac },
      { name: '2-bo.flac', data: Buffer.from('definitely not audio') },
    ]),
    ZIP_MESSAGES.notAudio('2-bo.flac'),
  );
  const garbage = path.join(dir, 'garbage.zip');
  await fs.writeFile(garbage, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2000, 7)]));
  await refused(garbage, ZIP_MESSAGES.unreadable);
});

test('refuses archives inside the archive, by name and by content', async () => {
  const inner = await zipOf('inner.zip', [{ name: '1-sam.flac', file: flac }]);
  await refused(
    await zipOf('nested.zip', [
      { name: '1-sam.flac', file: flac },
      { name: 'more.zip', file: inner },
    ]),
    ZIP_MESSAGES.nested,
  );
  await refused(await zipOf('renamed.zip', [{ name: '1-sam.flac', file: inner }]), ZIP_MESSAGES.nested);
});

test('refuses unsafe names and links', async () => {
  // yazl will not write "../": write "aa/", then patch the name in both headers.
  const safe = await fs.readFile(await zipOf('travel.zip', [{ name: 'aa/1-sam.flac', file: flac }]));
  const travel = path.join(dir, 'travel-patched.zip');
  await fs.writeFile(
    travel,
    Buffer.from(safe.toString('latin1').replaceAll('aa/1-sam.flac', '../1-sam.flac'), 'latin1'),
  );
  await refused(travel, ZIP_MESSAGES.unsafeName);
  await refused(
    await zipOf('link.zip', [{ name: '1-sam.flac', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]),
    ZIP_MESSAGES.unsafeName,
  );
});

test('refuses bombs: a huge ratio, more bytes than declared, more than the limit, too many entries', async () => {
  await refused(
    await zipOf('bomb.zip', [{ name: '1-sam.wav', data: Buffer.alloc(20 * 1024 * 1024) }]),
    ZIP_MESSAGES.bomb,
  );

  // Declared small, inflates larger: the central directory lies about the size.
  const noise = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 251));
  const honest = await fs.readFile(await zipOf('liar.zip', [{ name: '1-sam.wav', data: noise }]));
  const lie = Buffer.from(honest);
  for (let at = lie.indexOf('PK\x01\x02'); at >= 0; at = lie.indexOf('PK\x01\x02', at + 4))
    lie.writeUInt32LE(1000, at + 24);
  const liar = path.join(dir, 'liar-patched.zip');
  await fs.writeFile(liar, lie);
  await refused(liar, ZIP_MESSAGES.bomb);

  await refused(await zipOf('big.zip', [{ name: '1-sam.flac', file: flac }]), ZIP_MESSAGES.tooLarge, 1000);
  const many = Array.from({ length: 101 }, (_, i) => ({ name: `note-${i}.txt`, data: Buffer.from('x') }));
  await refused(await zipOf('many.zip', many), ZIP_MESSAGES.tooManyEntries(100));
});

test('refuses encrypted entries', async () => {
  const plain = Buffer.from(await fs.readFile(await zipOf('secret.zip', [{ name: '1-sam.flac', file: flac }])));
  for (const signature of ['PK\x03\x04', 'PK\x01\x02']) {
    const at = plain.indexOf(signature);
    const flagAt = at + (signature === 'PK\x03\x04' ? 6 : 8);
    plain.writeUInt16LE(plain.readUInt16LE(flagAt) | 1, flagAt);
  }
  const secret = path.join(dir, 'secret-patched.zip');
  await fs.writeFile(secret, plain);
  await refused(secret, ZIP_MESSAGES.encrypted);
});
