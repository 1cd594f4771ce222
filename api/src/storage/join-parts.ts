import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { AudioStorage } from './storage';

/** Joins stored parts (byte slices of one stream, e.g. a browser recording's) into one local file, in order. */
export async function joinParts(storage: AudioStorage, keys: string[], file: string): Promise<void> {
  await fs.writeFile(file, '');
  for (const key of keys) await pipeline(await storage.get(key), createWriteStream(file, { flags: 'a' }));
}
