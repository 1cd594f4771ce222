import fs from 'node:fs';
import { pipeline, type Readable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { AudioStorage, ByteRange, ObjectInfo, StoredObject } from './storage';
import { byteCounter } from './byte-counter';
import { checkKey } from './storage-key';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/*
 * Multipart parts in flight bound the memory an upload holds: QUEUE_SIZE x PART_SIZE (20 MB)
 * whatever the file size. 5 MB is S3's smallest allowed part; 10,000 parts cover 50 GB.
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 4;

/** Audio in an S3-compatible bucket (AWS S3, MinIO, Ceph, moto), streamed with multipart uploads. */
export class S3Storage implements AudioStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // The SDK's default CRC checksums on every request are unknown to many S3-compatible servers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Nothing is visible under the key until the upload completes; a failed one is aborted, parts and all. */
  async put(key: string, body: Readable, opts: { signal?: AbortSignal } = {}): Promise<{ size: number }> {
    const counter = byteCounter();
    pipeline(body, counter, () => undefined);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: checkKey(key), Body: counter },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    const abort = () => void upload.abort().catch(() => undefined);
    if (opts.signal?.aborted) abort();
    opts.signal?.addEventListener('abort', abort, { once: true });
    try {
      await upload.done();
      return { size: counter.bytes };
    } catch (err) {
      counter.destroy();
      throw opts.signal?.aborted && opts.signal.reason instanceof Error ? opts.signal.reason : err;
    } finally {
      opts.signal?.removeEventListener('abort', abort);
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const res = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Range: range && `bytes=${range.start}-${range.end}`,
      }),
    );
    return res.Body as Readable;
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (err instanceof NotFound || err instanceof NoSuchKey) return null;
      throw err;
    }
  }

  async download(key: string, path: string): Promise<void> {
    await pipelineAsync(await this.get(key), fs.createWriteStream(path));
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** Unfinished multipart uploads keep their parts (and cost storage) until aborted. */
  async removeUnfinished(before: Date): Promise<number> {
    let removed = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.bucket, KeyMarker, UploadIdMarker }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
        await this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }),
        );
        removed++;
      }
      [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [];
    } while (KeyMarker);
    return removed;
  }
}
