import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from './free-port';

/** moto's S3-compatible server, installed by scripts/setup.sh into .tools/moto (a Python venv). */
const BUNDLED = path.resolve(__dirname, '../../.tools/moto/bin/moto_server');

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  client: S3Client;
  /** The app's environment that stores audio in this bucket (STORAGE_DRIVER=s3 and its S3_* settings). */
  env: Record<string, string>;
  /** The requests moto received from now on, as `METHOD /path` (moto's own request recorder). */
  record(): Promise<{ requests(): Promise<string[]> }>;
  stop(): Promise<void>;
}

/** Starts moto_server on a free port with one empty bucket; the real AWS SDK talks to it over HTTP. */
export async function startS3Server(bucket = 'questlog-audio'): Promise<S3TestServer> {
  const executable = fs.existsSync(BUNDLED) ? BUNDLED : 'moto_server';
  const port = await freePort();
  // moto writes what it records to a file, by default in its working directory (the repo).
  const recordingFile = path.join(os.tmpdir(), `questlog-moto-recording-${port}`);
  const child = spawn(executable, ['-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // Recording is off until record() turns it on; only then does moto keep the requests.
    env: { ...process.env, MOTO_ENABLE_RECORDING: 'True', MOTO_RECORDER_FILEPATH: recordingFile },
  });
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4000)));
  child.once('error', (err) => (stderr += `${executable}: ${err.message}`));
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntilUp(endpoint, child, () => stderr);
  const credentials = { accessKeyId: 'test-key', secretAccessKey: 'test-secret' };
  const region = 'us-east-1';
  const client = new S3Client({ region, endpoint, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    region,
    ...credentials,
    client,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    record: async () => {
      await fetch(`${endpoint}/moto-api/recorder/reset-recording`, { method: 'POST' });
      await fetch(`${endpoint}/moto-api/recorder/start-recording`, { method: 'POST' });
      return {
        requests: async () => {
          const lines = (await (await fetch(`${endpoint}/moto-api/recorder/download-recording`)).text()).split('\n');
          return lines
            .filter((line) => line.trim())
            .map((line) => JSON.parse(line) as { method: string; url: string })
            .map(({ method, url }) => `${method} ${new URL(url).pathname}`);
        },
      };
    },
    stop: async () => {
      client.destroy();
      fs.rmSync(recordingFile, { force: true });
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitUntilUp(endpoint: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.pid === undefined) {
      throw new Error(`moto_server is not running (exit ${child.exitCode}): ${stderr()}`);
    }
    const up = await fetch(`${endpoint}/moto-api/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`moto_server did not answer within 30 s: ${stderr()}`);
}
