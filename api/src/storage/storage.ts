import type { Readable } from 'node:stream';

/** A stored object and when it was last written (what the sweeper of orphaned audio judges by). */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** Size and last write of a stored object: what ranged reads are checked against and HTTP validators made of. */
export interface ObjectInfo {
  size: number;
  modifiedAt: Date;
}

/** Inclusive byte offsets, as HTTP Range counts them (`start` ≤ `end` < size). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded audio lives: a local directory by default, S3-compatible object storage when
 * configured. Keys are opaque strings chosen by the caller (e.g. `sessions/<id>/original`).
 */
export interface AudioStorage {
  /** Streams `body` to `key` without buffering it whole; resolves with the bytes written. */
  put(key: string, body: Readable, opts?: { signal?: AbortSignal }): Promise<{ size: number }>;
  /**
   * A readable stream of the stored object, or of the bytes `range` names (the caller checks it
   * against `stat`: the player streams long recordings piece by piece); rejects when the key does
   * not exist.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and last write of the object; null when the key does not exist. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** Copies the object to a local file (the worker needs a path for ffmpeg). */
  download(key: string, path: string): Promise<void>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every complete object whose key starts with `prefix`, in no particular order. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * Removes writes that never completed and were begun before `before` (a process killed mid-put
   * leaves a temp file or an unfinished multipart upload); returns how many went.
   */
  removeUnfinished(before: Date): Promise<number>;
}

/** Buffer size for streaming audio between a socket and storage: fewer, larger writes for gigabyte files. */
export const STREAM_BUFFER_BYTES = 1024 * 1024;
