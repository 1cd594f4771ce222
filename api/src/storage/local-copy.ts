import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AudioStorage } from './storage';

/** Storage that can name the file an object already is on this machine (the local driver). */
interface WithLocalPath {
  localPath(key: string): string;
}

const hasLocalPath = (storage: AudioStorage): storage is AudioStorage & WithLocalPath =>
  typeof (storage as Partial<WithLocalPath>).localPath === 'function';

/** The file the object `key` is (or will be, once written) on this machine; null for remote storage. */
export const localPathOf = (storage: AudioStorage, key: string): string | null =>
  hasLocalPath(storage) ? storage.localPath(key) : null;

/**
 * Runs `work` on a local file holding the object: ffprobe and ffmpeg need a path. Local storage
 * hands over its own file (no 1 GB copy); other storage downloads into `scratchDir`, removed after.
 */
export async function withLocalFile<T>(
  storage: AudioStorage,
  key: string,
  scratchDir: string,
  work: (file: string) => Promise<T>,
): Promise<T> {
  const local = localPathOf(storage, key);
  if (local) return work(local);
  await fsp.mkdir(scratchDir, { recursive: true });
  const file = path.join(scratchDir, `${randomUUID()}${path.extname(key)}`);
  try {
    await storage.download(key, file);
    return await work(file);
  } finally {
    await fsp.rm(file, { force: true });
  }
}
