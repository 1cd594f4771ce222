import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestApp } from '../../../test/app';
import { countRows } from '../../../test/accounts';
import type { TestUser } from '../../../test/factories';
import {
  eventually,
  makeTone,
  postForm,
  rawUpload,
  storedFiles,
  type FormPart,
  startUploadApp,
  stopUploadApp,
} from '../../../test/uploads';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-upload-limits-'));
const tone = path.join(dir, 'in', 'tone.wav');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Files, session rows and usage lines: what an upload must not leave behind when cut off. */
async function traces(app: TestApp, storageDir: string) {
  return {
    files: storedFiles(storageDir),
    sessions: await countRows(app, 'sessions'),
    usage: await countRows(app, 'usage_records'),
  };
}

interface RawConnection {
  /** Everything the server sent before it closed the connection. */
  closed: Promise<string>;
  write(data: string | Buffer): void;
  destroy(): void;
}

/** A plain TCP connection: what a slow or stalled client looks like to the server. */
function connect(app: TestApp): Promise<RawConnection> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      const received: Buffer[] = [];
      socket.on('data', (c: Buffer) => received.push(c));
      socket.on('error', () => undefined);
      const closed = new Promise<string>((done) =>
        socket.once('close', () => done(Buffer.concat(received).toString())),
      );
      resolve({ closed, write: (d) => socket.write(d), destroy: () => socket.destroy() });
    });
    socket.once('error', reject);
  });
}

/** The head of a multipart POST (headers, fields, the file part's own head) declaring a 1 MB body. */
async function multipartHead(user: TestUser, urlPath: string, fields: Record<string, string>, fileField: string) {
  const boundary = `----stall${Date.now()}`;
  const cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const parts =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="stalled.wav"\r\n` +
    'Content-Type: audio/wav\r\n\r\n';
  const headers =
    `POST ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
    `X-CSRFToken: ${await user.client.csrfToken()}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n`;
  return headers + parts;
}

/**
 * Idle limits with room to spare: on a loaded machine the test's process can stall for a second,
 * and a stall between two pieces of a body that keeps arriving must not read as the client's.
 */
const BODY_IDLE_SECONDS = 2;

describe('slow clients', () => {
  const storageDir = path.join(dir, 'slow', 'audio');
  let app: TestApp;
  let owner: TestUser;
  let campaignId: string;
  beforeAll(async () => {
    ({ app, owner, campaignId } = await startUploadApp({
      DATA_DIR: path.join(dir, 'slow'),
      STORAGE_DIR: storageDir,
      HTTP_HEADERS_TIMEOUT_SECONDS: '1',
      BODY_IDLE_TIMEOUT_SECONDS: String(BODY_IDLE_SECONDS),
      UPLOAD_IDLE_TIMEOUT_SECONDS: '3',
    }));
  });
  afterAll(() => app?.close());

  /** Sends the head and 4 KB of the file, then nothing: the server must close and keep nothing. */
  async function stall(urlPath: string, fields: Record<string, string>, fileField: string) {
    const before = await traces(app, storageDir);
    const conn = await connect(app);
    conn.write(await multipartHead(owner, urlPath, fields, fileField));
    conn.write(Buffer.alloc(4096, 7));
    // The storage write had begun: a hidden temp file next to the final name.
    expect(await eventually(async () => storedFiles(storageDir).some((f) => f.endsWith('.part')), true)).toBe(true);
    const answer = await conn.closed;
    expect(await eventually(() => traces(app, storageDir), before)).toEqual(before);
    return answer;
  }

  it('closes a REST upload whose body stalls, with a 408, and keeps no file, row or usage', async () => {
    const answer = await stall('/upload/', { campaign_id: campaignId }, 'audio');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
  });

  it('closes a GraphQL multipart upload whose body stalls, and keeps nothing', async () => {
    const operations = JSON.stringify({
      query:
        'mutation($campaignId: ID!, $file: Upload!) { uploadSession(campaignId: $campaignId, file: $file) { id } }',
      variables: { campaignId, file: null },
    });
    const logged = jest.spyOn(console, 'error');
    try {
      await stall('/graphql', { operations, map: JSON.stringify({ 0: ['variables.file'] }) }, '0');
      // Apollo's late try to answer after the 408 is the cut-off's doing, not a server fault to log.
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('answers a stalled JSON body with 408 and closes the connection', async () => {
    const conn = await connect(app);
    conn.write(
      'POST /api/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    const answer = await conn.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('The request took too long to arrive. Please try again.');
  });

  it('closes a connection whose headers never finish', async () => {
    const conn = await connect(app);
    conn.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(await conn.closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('leaves a slow body that keeps arriving alone', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'not-the-password-1' });
    const conn = await connect(app);
    conn.write(
      `POST /api/subscribe_email/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // Each piece comes well within the idle time (a third of it); the whole takes longer than it.
    for (let i = 0; i < body.length; i += Math.ceil(body.length / 4)) {
      conn.write(body.slice(i, i + Math.ceil(body.length / 4)));
      await new Promise((r) => setTimeout(r, (BODY_IDLE_SECONDS * 1000) / 3));
    }
    expect(await conn.closed).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('concurrent uploads per user', () => {
  const storageDir = path.join(dir, 'cap', 'audio');
  let app: TestApp;
  let owner: TestUser;
  let campaignId: string;
  const started: string[] = [];
  beforeAll(async () => {
    await makeTone(tone, 3);
    ({ app, owner, campaignId } = await startUploadApp({
      DATA_DIR: path.join(dir, 'cap'),
      STORAGE_DIR: storageDir,
      UPLOAD_MAX_CONCURRENT_PER_USER: '2',
    }));
  }, 60_000);
  afterAll(async () => {
    await stopUploadApp(app, started);
  });

  const audio = (): FormPart => ({
    name: 'audio',
    value: { fileName: 'tone.wav', type: 'audio/wav', bytes: fs.readFileSync(tone) },
  });
  const partFiles = () => storedFiles(storageDir).filter((f) => f.endsWith('.part')).length;

  /** An upload that has sent part of its file and waits, holding its slot. */
  async function held() {
    const upload = await rawUpload(owner.client, '/upload/', {
      fields: { campaign_id: campaignId },
      fileName: 'tone.wav',
      type: 'audio/wav',
    });
    upload.request.write(upload.head);
    upload.request.write(fs.readFileSync(tone).subarray(0, 20_000));
    return upload;
  }

  it('refuses a third upload while two are in flight, and frees the slots however uploads end', async () => {
    const first = await held();
    const second = await held();
    expect(await eventually(async () => partFiles(), 2)).toBe(2);

    const third = await postForm(owner.client, '/upload/', [{ name: 'campaign_id', value: campaignId }, audio()]);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({
      error: 'You already have 2 uploads in progress. Please wait for one to finish before starting another.',
      code: 'RATE_LIMITED',
      field: 'audio',
    });
    expect(partFiles()).toBe(2);

    // The first completes (success), the second is abandoned (abort): both slots come back.
    first.request.end(Buffer.concat([fs.readFileSync(tone).subarray(20_000), first.tail]));
    const done = await first.response;
    expect(done.status).toBe(200);
    started.push(done.body.transcript_id as string);
    second.request.destroy();
    await expect(second.response).rejects.toThrow();
    expect(await eventually(async () => partFiles(), 0)).toBe(0);

    const again = [await held(), await held()];
    expect(await eventually(async () => partFiles(), 2)).toBe(2);
    for (const upload of again) upload.request.destroy();
    expect(await eventually(async () => partFiles(), 0)).toBe(0);

    const after = await postForm(owner.client, '/upload/', [{ name: 'campaign_id', value: campaignId }, audio()]);
    expect(after.status).toBe(200);
    started.push(after.body.transcript_id as string);
  });

  it('counts GraphQL uploads against the same cap', async () => {
    const first = await held();
    const second = await held();
    expect(await eventually(async () => partFiles(), 2)).toBe(2);
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: 'mutation($c: ID!, $f: Upload!) { uploadSession(campaignId: $c, file: $f) { id } }',
        variables: { c: campaignId, f: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.f'] }));
    form.append('0', new Blob([fs.readFileSync(tone)], { type: 'audio/wav' }), 'tone.wav');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: {
        cookie: [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrftoken': await owner.client.csrfToken(),
      },
      body: form,
    });
    const body = (await res.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
    expect(body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    first.request.destroy();
    second.request.destroy();
    expect(await eventually(async () => partFiles(), 0)).toBe(0);
  });
});
