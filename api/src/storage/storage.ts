import type { Readable } from 'node:stream';

/**
 * Where uploaded audio lives: a local directory by default, S3-compatible object storage when
 * configured. Keys are opaque strings chosen by the caller (e.g. `sessions/<id>/original`).
 */
export interface AudioStorage {
  /** Streams `body` to `key` without buffering it whole; resolves with the bytes written. */
  put(key: string, body: Readable, opts?: { signal?: AbortSignal }): Promise<{ size: number }>;
  /** A readable stream of the stored object; rejects when the key does not exist. */
  get(key: string): Promise<Readable>;
  /** Copies the object to a local file (the worker needs a path for ffmpeg). */
  download(key: string, path: string): Promise<void>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
