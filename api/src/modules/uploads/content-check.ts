import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { once } from 'node:events';
import { Transform, type TransformCallback } from 'node:stream';
import { AudioRejectedError } from '../../engines/audio/audio-errors';
import { PipedAudioCheck } from '../../engines/audio/piped-audio-check';
import { PIPE_DECISION_BYTES, pipeInput } from '../../engines/audio/pipe-input';
import type { AudioInfo } from '../../engines/audio/probe-audio';

export interface ContentCheckOptions {
  /** A ZIP of tracks: it is read from a file once written (its directory is at its end). */
  multiTrack: boolean;
  /**
   * Where to keep a copy of content that has to be read from a file, written as it streams past,
   * when the storage keeps no file on this machine (S3); null when it does (the stored file is read).
   */
  spoolPath: string | null;
}

/**
 * The upload's content check, as a stage between the request and storage: the bytes go on to
 * storage and, at the same time, to ffprobe and a niced ffmpeg decode (PipedAudioCheck). The
 * stage takes the next chunk only when both took this one, so the slower paces the upload. A
 * refusal fails the stream at once, before storage commits anything; the verdict on a complete
 * file is reached before the stream ends, so storage only commits checked audio.
 * Content ffmpeg cannot read from a pipe (pipeInput: an MP4 with its index at the end, WavPack; a
 * ZIP) is checked from a file after the write instead: `withFile`.
 */
export class ContentCheck extends Transform {
  /** The checked audio, once the stream ended, when it was checked in passing; else undefined. */
  audio?: AudioInfo;
  private head: Buffer[] = [];
  private headBytes = 0;
  private mode?: 'pipe' | 'file';
  private piped?: PipedAudioCheck;
  private spool?: fs.WriteStream;
  private complete = false;

  constructor(private readonly options: ContentCheckOptions) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.push(chunk);
    if (this.mode) return this.feed(chunk, done);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    const head = Buffer.concat(this.head);
    const mode = this.options.multiTrack ? 'file' : pipeInput(head);
    if (mode) this.start(mode, head, done);
    else if (this.headBytes >= PIPE_DECISION_BYTES) this.start('file', head, done);
    else done();
  }

  override _flush(done: TransformCallback): void {
    this.finish().then(
      () => done(),
      (err: Error) => done(err),
    );
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    void this.piped?.kill();
    this.spool?.destroy();
    if (this.complete) return done(error);
    this.discard().finally(() => done(error));
  }

  /**
   * Runs `work` on the content as a file: `storedFile` (the object itself on local storage) or the
   * copy spooled while it streamed, which is removed afterwards.
   */
  async withFile<T>(storedFile: string | null, work: (file: string) => Promise<T>): Promise<T> {
    const file = storedFile ?? this.options.spoolPath;
    if (!file) throw new Error('content check: no file to read');
    try {
      return await work(file);
    } finally {
      await this.discard();
    }
  }

  /** Removes the spooled copy, if any; safe to call more than once. */
  async discard(): Promise<void> {
    if (this.options.spoolPath) await fsp.rm(this.options.spoolPath, { force: true });
  }

  private start(mode: 'pipe' | 'file', head: Buffer, done: TransformCallback): void {
    this.mode = mode;
    this.head = [];
    if (mode === 'pipe') {
      this.piped = new PipedAudioCheck(head);
      this.piped.refused.catch((err: AudioRejectedError) => this.destroy(err));
    } else if (this.options.spoolPath) {
      this.spool = fs.createWriteStream(this.options.spoolPath, { flags: 'wx' });
      this.spool.on('error', (err) => this.destroy(err));
    }
    this.feed(head, done);
  }

  private feed(chunk: Buffer, done: TransformCallback): void {
    const wait = this.piped ? this.piped.write(chunk) : this.spool?.write(chunk) === false && once(this.spool, 'drain');
    if (!wait) return done();
    wait.then(
      () => done(),
      (err: Error) => done(err),
    );
  }

  private async finish(): Promise<void> {
    if (!this.mode) {
      // The whole upload was shorter than what pipeInput wanted to see.
      if (!this.headBytes && !this.options.multiTrack) throw new AudioRejectedError('empty');
      const head = Buffer.concat(this.head);
      const mode = this.options.multiTrack || !this.headBytes ? 'file' : (pipeInput(head) ?? 'file');
      await new Promise<void>((resolve, reject) => this.start(mode, head, (err) => (err ? reject(err) : resolve())));
    }
    if (this.piped) this.audio = await this.piped.end();
    if (this.spool) await once(this.spool.end(), 'finish');
    this.complete = true;
  }
}
