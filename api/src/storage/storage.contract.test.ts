import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { startS3Server, type S3TestServer } from '../../test/s3-server';
import { loadConfig } from '../config/config';
import { createStorage } from './create-storage';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { AudioStorage } from './storage';
import { withLocalFile } from './local-copy';

/** Every key and leftover the implementation holds, temp files and unfinished multipart uploads included. */
type Leftovers = () => Promise<string[]>;

interface Subject {
  storage: AudioStorage;
  leftovers: Leftovers;
  /** moto dates every multipart upload 2010-11-10 (a constant in its responses), unlike S3. */
  datesUnfinishedWrites: boolean;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-storage-'));
let s3: S3TestServer;

beforeAll(async () => {
  s3 = await startS3Server();
}, 60_000);
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function localSubject(): Subject {
  const root = fs.mkdtempSync(path.join(tmp, 'local-'));
  return {
    storage: new LocalStorage(root),
    leftovers: async () => fs.readdirSync(root, { recursive: true }).map(String),
    datesUnfinishedWrites: true,
  };
}

function s3Subject(): Subject {
  const storage = createStorage(loadConfig(s3.env));
  return {
    storage,
    leftovers: async () => {
      const objects = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      const uploads = await s3.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
      return [
        ...(objects.Contents ?? []).map((o) => o.Key!),
        ...(uploads.Uploads ?? []).map((u) => `multipart:${u.Key}`),
      ];
    },
    datesUnfinishedWrites: false,
  };
}

/** A body that sends `bytes` and then fails, like a client that disconnects mid-upload. */
function failingBody(bytes: Buffer): Readable {
  const body = new PassThrough();
  body.write(bytes);
  setTimeout(() => body.destroy(new Error('client went away')), 50);
  return body;
}

describe.each([
  ['local directory', localSubject],
  ['S3-compatible (moto)', s3Subject],
])('AudioStorage contract: %s', (_name, makeSubject) => {
  let subject: Subject;
  beforeEach(async () => {
    subject = makeSubject();
    for (const key of await subject.leftovers()) {
      if (!key.startsWith('multipart:')) await subject.storage.delete(key);
    }
  });

  it('a body that fails before storage has even started is refused cleanly, not an unhandled error', async () => {
    const body = new PassThrough();
    const storing = subject.storage.put('sessions/early/original.wav', body);
    body.destroy(new Error('client went away')); // while put is still preparing (e.g. making its folder)
    await expect(storing).rejects.toThrow();
    expect(await subject.storage.exists('sessions/early/original.wav')).toBe(false);
    expect((await subject.leftovers()).filter((k) => k.includes('sessions/early'))).toEqual([]);
  });

  it('stores a stream under its key and gives the same bytes back, with the size written', async () => {
    // Larger than one 5 MB multipart part, so S3 really does a multipart upload.
    const data = randomBytes(11 * 1024 * 1024 + 17);
    const { size } = await subject.storage.put(
      'sessions/a/original.wav',
      Readable.from([data.subarray(0, 7), data.subarray(7)]),
    );
    expect(size).toBe(data.length);
    expect(await subject.storage.exists('sessions/a/original.wav')).toBe(true);
    const back = await buffer(await subject.storage.get('sessions/a/original.wav'));
    expect(back.equals(data)).toBe(true);
    expect(await subject.leftovers()).toContain('sessions/a/original.wav');
  });

  it('reads any byte range of an object, and tells its size and when it was written', async () => {
    const data = randomBytes(6 * 1024 * 1024 + 3);
    const before = Date.now();
    await subject.storage.put('sessions/r/rendition.m4a', Readable.from([data]));
    const info = await subject.storage.stat('sessions/r/rendition.m4a');
    expect(info?.size).toBe(data.length);
    // S3 keeps whole seconds.
    expect(info!.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const read = async (start: number, end: number) =>
      buffer(await subject.storage.get('sessions/r/rendition.m4a', { start, end }));
    expect((await read(0, 0)).equals(data.subarray(0, 1))).toBe(true);
    expect((await read(1000, 5 * 1024 * 1024 + 9)).equals(data.subarray(1000, 5 * 1024 * 1024 + 10))).toBe(true);
    expect((await read(data.length - 5, data.length - 1)).equals(data.subarray(-5))).toBe(true);
    expect((await read(0, data.length - 1)).equals(data)).toBe(true);
  });

  it('has no size for a missing key, and refuses a ranged read of one', async () => {
    expect(await subject.storage.stat('sessions/none/rendition.m4a')).toBeNull();
    await expect(subject.storage.get('sessions/none/rendition.m4a', { start: 0, end: 1 })).rejects.toThrow();
  });

  it('downloads to a local file and hands a local file to work that needs a path', async () => {
    await subject.storage.put('sessions/b/original.mp3', Readable.from([Buffer.from('ID3 audio bytes')]));
    const target = path.join(tmp, `download-${Date.now()}.mp3`);
    await subject.storage.download('sessions/b/original.mp3', target);
    expect(fs.readFileSync(target, 'utf8')).toBe('ID3 audio bytes');
    const seen = await withLocalFile(subject.storage, 'sessions/b/original.mp3', path.join(tmp, 'scratch'), async (f) =>
      fs.readFileSync(f, 'utf8'),
    );
    expect(seen).toBe('ID3 audio bytes');
    expect(fs.existsSync(path.join(tmp, 'scratch')) ? fs.readdirSync(path.join(tmp, 'scratch')) : []).toEqual([]);
  });

  it('deletes, and deleting a missing key is not an error', async () => {
    await subject.storage.put('sessions/c/original.ogg', Readable.from([Buffer.from('x')]));
    await subject.storage.delete('sessions/c/original.ogg');
    await subject.storage.delete('sessions/c/original.ogg');
    expect(await subject.storage.exists('sessions/c/original.ogg')).toBe(false);
    await expect(subject.storage.get('sessions/c/original.ogg')).rejects.toThrow();
    expect(await subject.leftovers()).toEqual([]);
  });

  it('leaves nothing behind when the body fails part way', async () => {
    const put = subject.storage.put('sessions/d/original.wav', failingBody(randomBytes(6 * 1024 * 1024)));
    await expect(put).rejects.toThrow('client went away');
    expect(await subject.storage.exists('sessions/d/original.wav')).toBe(false);
    expect(await subject.leftovers()).toEqual([]);
  });

  it('leaves nothing behind when the caller aborts', async () => {
    const body = new PassThrough();
    body.write(randomBytes(64 * 1024));
    const controller = new AbortController();
    const put = subject.storage.put('sessions/e/original.wav', body, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('refused')), 50);
    await expect(put).rejects.toThrow();
    expect(await subject.leftovers()).toEqual([]);
  });

  it('leaves nothing behind when the caller aborts while the write is still opening', async () => {
    // A refusal (bad title, wrong campaign) can land in the very ticks the upload starts in: the
    // temp file must not appear after the cleanup ran. Each kind of tick, several times over.
    const ticks = [
      () => Promise.resolve(),
      () => new Promise(setImmediate),
      () => new Promise((r) => setTimeout(r, 0)),
    ];
    for (let n = 0; n < 300; n++) {
      const controller = new AbortController();
      const put = subject.storage.put(`sessions/g${n}/original.wav`, new PassThrough(), { signal: controller.signal });
      await ticks[n % ticks.length]();
      controller.abort(new Error('refused'));
      await put.catch(() => undefined);
    }
    expect(await subject.leftovers()).toEqual([]);
  });

  it('shows nothing under the key until the whole body is stored', async () => {
    const body = new PassThrough();
    const put = subject.storage.put('sessions/f/original.wav', body);
    body.write(randomBytes(1024));
    await new Promise((r) => setTimeout(r, 100));
    expect(await subject.storage.exists('sessions/f/original.wav')).toBe(false);
    body.end(randomBytes(1024));
    expect(await put).toEqual({ size: 2048 });
    expect(await buffer(await subject.storage.get('sessions/f/original.wav'))).toHaveLength(2048);
  });

  it('lists the complete objects under a prefix with when they were written, not one still being written', async () => {
    const writing = new PassThrough();
    const unfinished = subject.storage.put('sessions/l/chunks/0001.wav', writing);
    writing.write(randomBytes(1024));
    const before = Date.now();
    await subject.storage.put('sessions/l/original.wav', Readable.from([Buffer.from('a')]));
    await subject.storage.put('sessions/l/chunks/0000.wav', Readable.from([Buffer.from('b')]));
    await subject.storage.put('elsewhere/x.wav', Readable.from([Buffer.from('c')]));
    const after = Date.now();
    const listed = [];
    for await (const object of subject.storage.list('sessions/')) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual(['sessions/l/chunks/0000.wav', 'sessions/l/original.wav']);
    for (const { modifiedAt } of listed) {
      // S3 keeps whole seconds.
      expect(modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(modifiedAt.getTime()).toBeLessThanOrEqual(after + 1000);
    }
    writing.end();
    await unfinished;
  });

  it('removes a write that never completed once begun before the given time, and only then', async () => {
    const body = new PassThrough();
    const put = subject.storage.put('sessions/u/original.wav', body);
    put.catch(() => undefined);
    // More than one 5 MB part, so S3 has started a multipart upload.
    body.write(randomBytes(6 * 1024 * 1024));
    for (let i = 0; !(await subject.leftovers()).some((k) => /multipart:|\.part$/.test(k)); i++) {
      if (i > 100) throw new Error('the write never showed up');
      await new Promise((r) => setTimeout(r, 100));
    }
    if (subject.datesUnfinishedWrites) {
      expect(await subject.storage.removeUnfinished(new Date(Date.now() - 3_600_000))).toBe(0);
    }
    expect(await subject.storage.removeUnfinished(new Date(Date.now() + 60_000))).toBe(1);
    body.end(randomBytes(1024));
    await expect(put).rejects.toThrow();
    expect(await subject.storage.exists('sessions/u/original.wav')).toBe(false);
    expect(await subject.leftovers()).toEqual([]);
  });

  it.each(['../escape', '/etc/passwd', 'sessions/../../x', 'a\\b', '.hidden', 'a//b', '', 'sessions/x/'])(
    'refuses the key %j before touching anything',
    async (key) => {
      await expect(subject.storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow('Invalid storage key');
      await expect(subject.storage.get(key)).rejects.toThrow('Invalid storage key');
      await expect(subject.storage.stat(key)).rejects.toThrow('Invalid storage key');
      await expect(subject.storage.delete(key)).rejects.toThrow('Invalid storage key');
      expect(await subject.leftovers()).toEqual([]);
    },
  );
});

describe('createStorage', () => {
  it('defaults to a local directory under DATA_DIR', () => {
    const storage = createStorage(loadConfig({ DATA_DIR: '/srv/questlog' }));
    expect(storage).toBeInstanceOf(LocalStorage);
    expect((storage as LocalStorage).root).toBe('/srv/questlog/audio');
  });

  it('builds S3 storage when configured, and config refuses s3 without bucket and credentials', () => {
    const env = { STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(createStorage(loadConfig(env))).toBeInstanceOf(S3Storage);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(
      /S3_BUCKET: is required when STORAGE_DRIVER=s3[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
  });
});
