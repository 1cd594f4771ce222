import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STREAM_BUFFER_BYTES, type AudioStorage, type ByteRange, type ObjectInfo, type StoredObject } from './storage';
import { byteCounter } from './byte-counter';
import { checkKey } from './storage-key';

/** Audio files in a directory of this machine (the embedded default, `DATA_DIR/audio`). */
export class LocalStorage implements AudioStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /**
   * Writes to a hidden temp file next to the final name and renames it at the end, so a reader
   * never sees a half-written upload under its key; on any failure the temp file is removed.
   */
  async put(key: string, body: Readable, opts: { signal?: AbortSignal } = {}): Promise<{ size: number }> {
    const target = this.pathOf(key);
    // The client may go away while the directory is made. Until pipeline takes the body over, its
    // 'error' must not be unhandled (that would crash the process); pipeline still reports it.
    const heldUntilPiped = () => undefined;
    body.once('error', heldUntilPiped);
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.part`);
    const counter = byteCounter();
    let out: fs.WriteStream | undefined;
    try {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      out = fs.createWriteStream(temp, { flags: 'wx', highWaterMark: STREAM_BUFFER_BYTES });
      await pipeline(body, counter, out, { signal: opts.signal });
      await fsp.rename(temp, target);
      return { size: counter.bytes };
    } catch (err) {
      // Aborted while the file was still opening, pipeline rejects at once but the open goes on and
      // creates the file: remove it only once the stream has closed.
      const opening = out;
      if (opening && !opening.closed) await new Promise<void>((closed) => opening.once('close', () => closed()));
      await fsp.rm(temp, { force: true });
      await this.pruneEmptyDirs(path.dirname(target));
      throw err;
    } finally {
      body.off('error', heldUntilPiped);
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    await fsp.access(file);
    return fs.createReadStream(file, range && { start: range.start, end: range.end });
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const stat = await fsp.stat(this.pathOf(key)).catch(() => null);
    return stat?.isFile() ? { size: stat.size, modifiedAt: stat.mtime } : null;
  }

  /** A copy, not a link: a reader that rewrites its file must not change the stored original. */
  async download(key: string, destination: string): Promise<void> {
    await fsp.copyFile(this.pathOf(key), destination, fs.constants.COPYFILE_FICLONE);
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fsp.rm(file, { force: true });
    await this.pruneEmptyDirs(path.dirname(file));
  }

  async exists(key: string): Promise<boolean> {
    return fsp.stat(this.pathOf(key)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    for (const file of await this.files()) {
      const key = path.relative(this.root, file).split(path.sep).join('/');
      if (isTempFile(file) || !key.startsWith(prefix)) continue;
      const stat = await fsp.stat(file).catch(() => null);
      if (stat?.isFile()) yield { key, modifiedAt: stat.mtime };
    }
  }

  async removeUnfinished(before: Date): Promise<number> {
    let removed = 0;
    for (const file of (await this.files()).filter(isTempFile)) {
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat || stat.mtime >= before) continue;
      await fsp.rm(file, { force: true });
      await this.pruneEmptyDirs(path.dirname(file));
      removed++;
    }
    return removed;
  }

  /** Where the object already lies on this machine, so readers such as ffprobe can skip a copy. */
  localPath(key: string): string {
    return this.pathOf(key);
  }

  /** Every file under the root, temp files included (absolute paths). */
  private async files(): Promise<string[]> {
    const entries = await fsp.readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  }

  private pathOf(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  // Keys nest (sessions/<id>/original.mp3); removing the last file should not leave a dead folder.
  private async pruneEmptyDirs(dir: string): Promise<void> {
    while (dir.startsWith(this.root + path.sep)) {
      const removed = await fsp.rmdir(dir).then(
        () => true,
        () => false,
      );
      if (!removed) return;
      dir = path.dirname(dir);
    }
  }
}

/** put's temp files: `.<name>.<uuid>.part` next to the final name (keys never start with '.'). */
const isTempFile = (file: string) => /^\..*\.part$/.test(path.basename(file));
