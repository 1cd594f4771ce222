import path from 'node:path';
import type { Config } from '../config/config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { AudioStorage } from './storage';

/** The storage the configuration names: STORAGE_DRIVER=local (default, DATA_DIR/audio) or s3. */
export function createStorage(config: Config): AudioStorage {
  if (config.STORAGE_DRIVER === 'local') {
    return new LocalStorage(config.STORAGE_DIR ?? path.join(config.DATA_DIR, 'audio'));
  }
  // loadConfig refuses STORAGE_DRIVER=s3 without these; the checks only narrow the types.
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) throw new Error('S3 storage is not configured');
  return new S3Storage({
    bucket: S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

const shared = new WeakMap<Config, AudioStorage>();

/** One storage per configuration, shared by every request (an S3 client keeps its connections open). */
export function storageFor(config: Config): AudioStorage {
  let storage = shared.get(config);
  if (!storage) shared.set(config, (storage = createStorage(config)));
  return storage;
}
