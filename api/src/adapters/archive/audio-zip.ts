import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * Multi-track uploads: a ZIP with one audio file per speaker, as Craig and similar recording bots
 * make them ("1-sam.flac", "2-dana.flac" and an info.txt). yauzl reads the central directory
 * (the only trustworthy index), validates names and checks every entry inflates to its declared
 * size; the rules below refuse what an upload must never be allowed to do to the server.
 */

/** What a multi-track upload may hold. */
export interface ZipLimits {
  /** All tracks together, inflated (the upload's own limit: 1 GB). */
  maxBytes: number;
  /** Entries of any kind; Craig writes one per speaker plus an info file. */
  maxEntries?: number;
  /** Audio hardly compresses: an entry inflating more than this ratio is a bomb. */
  maxRatio?: number;
}

export interface ZipTrack {
  /** The speaker, from the file name: "1-sam.flac" → "sam". */
  label: string;
  /** The entry's name in the ZIP (its base name). */
  file: string;
  /** Where it was extracted. */
  path: string;
  bytes: number;
}

export const ZIP_MESSAGES = {
  unreadable: 'The ZIP file could not be read. Please upload an intact ZIP of audio tracks.',
  noAudio: 'The ZIP file has no audio tracks in it.',
  nested: 'Archives inside the ZIP are not accepted. Please put the audio tracks in the ZIP itself.',
  unsafeName: 'The ZIP file has an entry with an unsafe name (a path outside the archive or a link).',
  encrypted: 'Encrypted ZIP files are not accepted.',
  tooManyEntries: (max: number) => `The ZIP file has too many entries (at most ${max}).`,
  tooLarge: 'File size too large. Please upload a smaller file (max 1GB).',
  bomb: 'The ZIP file expands far beyond its size, which audio never does, so it was refused.',
  notAudio: (file: string) => `${file} is not audio we can read.`,
  tooManyTracks: (max: number) => `The ZIP file has too many audio tracks (at most ${max}).`,
} as const;

/** A ZIP refused, with the reason for the uploader; nothing of it is left on disk. */
export class ZipRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipRefusedError';
  }
}

const AUDIO_EXTENSIONS = new Set(
  '.flac .ogg .oga .opus .m4a .mp4 .aac .mp3 .wav .webm .aif .aiff .wma .wv .mka .caf .amr .3ga .ac3'.split(' '),
);
const ARCHIVE_EXTENSIONS = new Set('.zip .rar .7z .tar .gz .tgz .bz2 .xz .zst .cab .jar .iso'.split(' '));
/** Magic numbers of archives, so a renamed one is refused too. */
const ARCHIVE_MAGIC = [
  Buffer.from('PK\x03\x04', 'latin1'),
  Buffer.from('PK\x05\x06', 'latin1'),
  Buffer.from('Rar!', 'latin1'),
  Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
  Buffer.from([0x1f, 0x8b]),
  Buffer.from('BZh', 'latin1'),
  Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]),
  Buffer.from([0x28, 0xb5, 0x2f, 0xfd]),
];
const DEFAULT_MAX_ENTRIES = 100;
const DEFAULT_MAX_RATIO = 50;
/** More voices than a table ever has; each is transcribed on its own. */
const MAX_TRACKS = 32;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** True when the file starts like a ZIP (a local file header, or an empty archive's end record). */
export async function isZip(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    const head = buffer.subarray(0, bytesRead).toString('latin1');
    return head === 'PK\x03\x04' || head === 'PK\x05\x06';
  } finally {
    await handle.close();
  }
}

/** The speaker a track's file name gives: Craig's "1-sam.flac" → "sam"; "Lyra_the_Bard.ogg" stays. */
export function trackLabel(file: string): string {
  const base = path.basename(file, path.extname(file)).replace(/^\d+[-_ ]+(?=\S)/, '');
  return base.replace(/\s+/g, ' ').trim().slice(0, 200) || base || file;
}

/**
 * Extracts the entries of `zipPath` named as audio into `destDir` (which must exist), or throws
 * ZipRefusedError. Other files (Craig's info.txt, thumbnails, __MACOSX/, dot-files) are skipped;
 * whether each is audio indeed is the caller's to check (engines/audio/audio-tracks.ts).
 */
export async function extractAudioEntries(zipPath: string, destDir: string, limits: ZipLimits): Promise<ZipTrack[]> {
  const tracks = await extract(zipPath, destDir, limits);
  if (!tracks.length) throw new ZipRefusedError(ZIP_MESSAGES.noAudio);
  return tracks;
}

function openZip(zipPath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      zipPath,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
      (err, zip) => (err ? reject(new ZipRefusedError(refusalOf(err))) : resolve(zip)),
    ),
  );
}

/** yauzl's own complaints, as the uploader should read them. */
function refusalOf(err: Error): string {
  if (/file name|relative path|absolute path|backslash|invalid characters/i.test(err.message)) {
    return ZIP_MESSAGES.unsafeName;
  }
  if (/too many bytes|too few bytes|uncompressed size/i.test(err.message)) return ZIP_MESSAGES.bomb;
  return ZIP_MESSAGES.unreadable;
}

async function extract(zipPath: string, destDir: string, limits: ZipLimits): Promise<ZipTrack[]> {
  const zip = await openZip(zipPath);
  const maxEntries = limits.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxRatio = limits.maxRatio ?? DEFAULT_MAX_RATIO;
  try {
    if (zip.entryCount > maxEntries) throw new ZipRefusedError(ZIP_MESSAGES.tooManyEntries(maxEntries));
    const entries = await readEntries(zip);
    const audio: Entry[] = [];
    let declared = 0;
    for (const entry of entries) {
      checkEntry(entry, maxRatio);
      if (entry.fileName.endsWith('/')) continue;
      const base = path.posix.basename(entry.fileName);
      const extension = path.extname(base).toLowerCase();
      if (ARCHIVE_EXTENSIONS.has(extension)) throw new ZipRefusedError(ZIP_MESSAGES.nested);
      if (skipped(entry.fileName) || !AUDIO_EXTENSIONS.has(extension)) continue;
      declared += entry.uncompressedSize;
      if (declared > limits.maxBytes) throw new ZipRefusedError(ZIP_MESSAGES.tooLarge);
      audio.push(entry);
    }
    if (audio.length > MAX_TRACKS) throw new ZipRefusedError(ZIP_MESSAGES.tooManyTracks(MAX_TRACKS));
    const tracks: ZipTrack[] = [];
    const labels = new Set<string>();
    let written = 0;
    for (const [i, entry] of audio.entries()) {
      const file = path.posix.basename(entry.fileName);
      const target = path.join(destDir, `${String(i).padStart(2, '0')}${path.extname(file).toLowerCase()}`);
      const bytes = await copyEntry(zip, entry, target, limits.maxBytes - written);
      written += bytes;
      if (await looksLikeArchive(target)) throw new ZipRefusedError(ZIP_MESSAGES.nested);
      tracks.push({ label: unique(trackLabel(file), labels), file, path: target, bytes });
    }
    return tracks;
  } finally {
    zip.close();
  }
}

function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (err: Error) => reject(err instanceof ZipRefusedError ? err : new ZipRefusedError(refusalOf(err))));
    zip.readEntry();
  });
}

/** Refuses entries no recording bot writes: encrypted ones, links, unsafe names, bombs. */
function checkEntry(entry: Entry, maxRatio: number): void {
  if (entry.isEncrypted()) throw new ZipRefusedError(ZIP_MESSAGES.encrypted);
  if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw new ZipRefusedError(ZIP_MESSAGES.unsafeName);
  const name = entry.fileName;
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f\\:]/.test(name) || name.startsWith('/') || name.split('/').includes('..')) {
    throw new ZipRefusedError(ZIP_MESSAGES.unsafeName);
  }
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
  if (entry.uncompressedSize > 1024 * 1024 && ratio > maxRatio) throw new ZipRefusedError(ZIP_MESSAGES.bomb);
}

/** macOS resource forks and hidden files ride along in ZIPs made by hand. */
const skipped = (name: string) => name.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');

/** Inflates one entry to `target`, counting bytes: more than `room` or than declared stops it. */
async function copyEntry(zip: ZipFile, entry: Entry, target: string, room: number): Promise<number> {
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (err, s) => (err ? reject(new ZipRefusedError(refusalOf(err))) : resolve(s))),
  );
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > room) done(new ZipRefusedError(ZIP_MESSAGES.tooLarge));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(stream, count, createWriteStream(target));
  } catch (err) {
    throw err instanceof ZipRefusedError ? err : new ZipRefusedError(refusalOf(err as Error));
  }
  return bytes;
}

async function looksLikeArchive(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0);
    const head = buffer.subarray(0, bytesRead);
    return ARCHIVE_MAGIC.some((magic) => head.subarray(0, magic.length).equals(magic));
  } finally {
    await handle.close();
  }
}

function unique(label: string, taken: Set<string>): string {
  let candidate = label;
  for (let n = 2; taken.has(candidate); n++) candidate = `${label} (${n})`;
  taken.add(candidate);
  return candidate;
}
