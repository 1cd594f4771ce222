import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@temporalio/client';
import { startTestApp, type TestApp } from './app';
import { countRows } from './accounts';
import { createCampaign, createUser, type TestUser } from './factories';
import type { HttpClient, HttpResponse } from './http-client';

const run = promisify(execFile);

/** A tone of `seconds` as 16-bit mono PCM WAV (44-byte header + 2 bytes per sample). */
export async function makeTone(file: string, seconds: number, rate = 8000): Promise<string> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await run('sox', ['-n', '-r', String(rate), '-c', '1', '-b', '16', file, 'synth', String(seconds), 'sine', '440']);
  return file;
}

/** Re-encodes with ffmpeg, the container chosen by the output's extension. */
export async function encode(input: string, output: string): Promise<string> {
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', input, output]);
  return output;
}

export interface FormPart {
  name: string;
  value: string | { fileName: string; type: string; bytes: Buffer };
}

/** The cookie header a signed-in HttpClient would send, with a fresh CSRF token when asked for. */
async function credentials(client: HttpClient, csrf: boolean): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  if (csrf) headers['x-csrftoken'] = await client.csrfToken();
  if (client.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return headers;
}

/** POSTs a multipart form (parts in the given order) with the client's cookies and CSRF token. */
export async function postForm<T = any>(
  client: HttpClient,
  urlPath: string,
  parts: FormPart[],
  { csrf = true, headers = {} as Record<string, string> } = {},
): Promise<HttpResponse<T>> {
  const form = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string') form.append(part.name, part.value);
    else form.append(part.name, new Blob([part.value.bytes], { type: part.value.type }), part.value.fileName);
  }
  const res = await fetch(client.baseUrl + urlPath, {
    method: 'POST',
    headers: { ...(await credentials(client, csrf)), ...headers },
    body: form,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body: body as T };
}

export interface RawUpload {
  /** Resolves with the answer, or rejects when the connection was cut. */
  response: Promise<{ status: number; body: any }>;
  request: http.ClientRequest;
}

/**
 * A hand-written multipart POST over a raw socket, for what fetch cannot do: no Content-Length
 * (chunked), a declared Content-Length that is never sent, or a connection cut mid-body.
 */
export async function rawUpload(
  client: HttpClient,
  urlPath: string,
  opts: { fields: Record<string, string>; fileField?: string; fileName: string; type: string; contentLength?: number },
): Promise<RawUpload & { boundary: string; head: Buffer; tail: Buffer }> {
  const { fields, fileField = 'audio', fileName, type, contentLength } = opts;
  const boundary = `----questlog${Date.now()}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${fileName}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers: Record<string, string | number> = {
    ...(await credentials(client, true)),
    'content-type': `multipart/form-data; boundary=${boundary}`,
  };
  if (contentLength !== undefined) headers['content-length'] = contentLength;
  const request = http.request(client.baseUrl + urlPath, { method: 'POST', headers });
  const response = new Promise<{ status: number; body: any }>((resolve, reject) => {
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
      });
    });
    request.on('error', reject);
  });
  response.catch(() => undefined);
  return { request, response, boundary, head, tail };
}

/**
 * Every file under the storage directory (temp files included), relative to it. Tests poll this
 * while the server writes and deletes files, so one that goes between listing and looking is
 * simply not there (a stat of each listed name would throw ENOENT for it).
 */
export function storedFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(dir, relative), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(name);
      else if (entry.isFile()) files.push(name);
    }
  };
  walk('');
  return files.sort();
}

/** What an upload left behind: files in storage and session rows. */
export async function leftovers(app: TestApp, storageDir: string) {
  return { files: storedFiles(storageDir), sessions: await countRows(app, 'sessions') };
}

/** Polls until `check` passes or the time is up (refusals clean up after the answer may have been read). */
export async function eventually<T>(check: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await check();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    last = await check();
  }
  return last;
}

/** The Temporal client of the test's server, for describing and cleaning up started workflows. */
export function workflowClient(app: TestApp) {
  return new Client({ connection: app.temporal, namespace: app.config.TEMPORAL_NAMESPACE }).workflow;
}

/** Ends the workflows a test started, so no worker of another test file picks them up. */
export async function terminateSessionWorkflows(app: TestApp, sessionIds: string[]): Promise<void> {
  const workflows = workflowClient(app);
  for (const id of sessionIds) {
    await workflows
      .getHandle(`session-${id}`)
      .terminate('test finished')
      .catch(() => undefined);
  }
}

/** The app with `env`, an owner and a campaign of theirs: where each upload test starts. */
export async function startUploadApp(env: Record<string, string>) {
  const app = await startTestApp(env);
  const owner = await createUser(app);
  return { app, owner, campaignId: await createCampaign(owner) };
}

/** A test file's upload app: see uploadAppForThisFile. */
export interface UploadTestApp {
  app: TestApp;
  owner: TestUser;
  campaignId: string;
  /** The file's own data folder; uploads are stored under `storageDir` in it. */
  dir: string;
  storageDir: string;
  /** Ids of the sessions whose workflows the file's uploads started, ended after the file. */
  started: string[];
}

/**
 * The test file's upload app on a data folder of its own (named after `name`), started before its
 * tests with `env(dir)` on top of DATA_DIR and STORAGE_DIR, with an owner and their campaign; after
 * them the started workflows end, the app closes and the folder goes. Read the fields inside tests.
 */
export function uploadAppForThisFile(
  name: string,
  env: (dir: string) => Record<string, string> | Promise<Record<string, string>> = () => ({}),
): UploadTestApp {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `questlog-${name}-`));
  const ctx = { dir, storageDir: path.join(dir, 'audio'), started: [] as string[] } as UploadTestApp;
  beforeAll(async () => {
    Object.assign(ctx, await startUploadApp({ DATA_DIR: dir, STORAGE_DIR: ctx.storageDir, ...(await env(dir)) }));
  }, 60_000);
  afterAll(async () => {
    await stopUploadApp(ctx.app, ctx.started);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return ctx;
}

/** Ends the workflows the file's uploads started, then the app. */
export async function stopUploadApp(app: TestApp | undefined, started: string[]): Promise<void> {
  if (app) await terminateSessionWorkflows(app, started);
  await app?.close();
}
