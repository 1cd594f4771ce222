import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { TestApp } from '../../../test/app';
import { countRows } from '../../../test/accounts';
import { createUser, type TestUser } from '../../../test/factories';
import { HttpClient } from '../../../test/http-client';
import { startS3Server, type S3TestServer } from '../../../test/s3-server';
import {
  encode,
  eventually,
  makeTone,
  postForm,
  rawUpload,
  workflowClient,
  startUploadApp,
  stopUploadApp,
} from '../../../test/uploads';
import yazl from 'yazl';
import { UPLOAD_MESSAGES } from './upload.rules';

/** The GraphQL multipart upload, against S3-compatible storage (moto) so the S3 path runs end to end. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-upload-gql-'));
const MAX_BYTES = 100_000;
let s3: S3TestServer;
let app: TestApp;
let owner: TestUser;
let campaignId: string;
let mp3: Buffer;
const started: string[] = [];

const MUTATION = `mutation($campaignId: ID!, $file: Upload!) {
  uploadSession(campaignId: $campaignId, file: $file) {
    id title status stage originalFileName mimeType sizeBytes durationSeconds campaign { id }
  }
}`;

beforeAll(async () => {
  const wav = await makeTone(path.join(dir, 'in', 'The Ravine.wav'), 4);
  mp3 = fs.readFileSync(await encode(wav, path.join(dir, 'in', 'The Ravine.mp3')));
  s3 = await startS3Server();
  ({ app, owner, campaignId } = await startUploadApp({
    DATA_DIR: dir,
    UPLOAD_MAX_BYTES: String(MAX_BYTES),
    ...s3.env,
  }));
}, 60_000);
afterAll(async () => {
  await stopUploadApp(app, started);
  await s3?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A GraphQL multipart request (operations, map, then the file), as Apollo's upload link sends it. */
function uploadRequest(
  user: TestUser,
  fileName: string,
  bytes: Buffer,
  type: string,
  opts: { csrf?: boolean; headers?: Record<string, string> } = {},
) {
  return postForm(
    user.client,
    '/graphql',
    [
      { name: 'operations', value: JSON.stringify({ query: MUTATION, variables: { campaignId, file: null } }) },
      { name: 'map', value: JSON.stringify({ 0: ['variables.file'] }) },
      { name: '0', value: { fileName, type, bytes } },
    ],
    opts,
  );
}

/** Objects and unfinished multipart uploads in the bucket. */
async function bucket(): Promise<string[]> {
  const objects = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  const uploads = await s3.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
  return [...(objects.Contents ?? []).map((o) => o.Key!), ...(uploads.Uploads ?? []).map((u) => `multipart:${u.Key}`)];
}

async function expectNothingStored(before: { objects: string[]; sessions: number }) {
  const now = async () => ({ objects: await bucket(), sessions: await countRows(app, 'sessions') });
  expect(await eventually(now, before)).toEqual(before);
}

const snapshot = async () => ({ objects: await bucket(), sessions: await countRows(app, 'sessions') });

it('uploadSession stores the file in S3, creates the session and starts its workflow', async () => {
  const res = await uploadRequest(owner, 'The Ravine.mp3', mp3, 'audio/mpeg');
  expect(res.body.errors).toBeUndefined();
  const session = res.body.data.uploadSession;
  started.push(session.id);
  expect(session).toMatchObject({
    title: 'The Ravine',
    status: 'PROCESSING',
    stage: 'queued',
    originalFileName: 'The Ravine.mp3',
    mimeType: 'audio/mpeg',
    sizeBytes: mp3.length,
    campaign: { id: campaignId },
  });
  expect(session.durationSeconds).toBeGreaterThan(3.9);
  expect(await bucket()).toContain(`sessions/${session.id}/original.mp3`);
  const workflow = await workflowClient(app).getHandle(`session-${session.id}`).describe();
  expect(workflow.type).toBe('processSession');
});

it('checks the content as it streams: neither a single file nor a ZIP of tracks is read back from S3', async () => {
  const zip = new yazl.ZipFile();
  zip.addBuffer(mp3, '1-sam.mp3');
  zip.addBuffer(mp3, '2-kira.mp3');
  zip.end();
  const zipped = await new Promise<Buffer>((resolve) => {
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (part: Buffer) => parts.push(part)).on('end', () => resolve(Buffer.concat(parts)));
  });
  const recording = await s3.record();
  for (const [name, bytes, type] of [
    ['The Ravine.mp3', mp3, 'audio/mpeg'],
    ['Tracks.zip', zipped, 'application/zip'],
  ] as const) {
    const res = await uploadRequest(owner, name, bytes, type);
    expect(res.body.errors).toBeUndefined();
    started.push(res.body.data.uploadSession.id);
  }
  const requests = await recording.requests();
  expect(requests.filter((r) => r.startsWith('PUT ') || r.startsWith('POST ')).length).toBeGreaterThan(0);
  // This app runs no worker: every request here is the upload's own.
  const reads = requests.filter((r) => r.startsWith('GET ') && /\/(original|tracks\/)/.test(r));
  expect(reads).toEqual([]);
});

it('refuses a file over the size limit with the spec message and keeps nothing', async () => {
  const before = await snapshot();
  const res = await uploadRequest(owner, 'long.mp3', Buffer.concat([mp3, Buffer.alloc(MAX_BYTES)]), 'audio/mpeg');
  expect(res.body.errors?.[0]).toMatchObject({
    message: UPLOAD_MESSAGES.tooLarge,
    extensions: { code: 'PAYLOAD_TOO_LARGE' },
  });
  await expectNothingStored(before);
});

it('refuses what POST /upload/ refuses, with the same messages', async () => {
  const before = await snapshot();
  const stranger = await createUser(app);
  const text = Buffer.from('not audio at all\n'.repeat(100));
  const cases: Array<[TestUser, string, Buffer, string, string | RegExp]> = [
    [owner, 'notes.txt', text, 'text/plain', UPLOAD_MESSAGES.unsupportedType],
    [owner, 'notes.mp3', text, 'audio/mpeg', /not an audio recording/],
    [owner, 'cut.mp3', mp3.subarray(0, Math.floor(mp3.length / 2)), 'audio/mpeg', /truncated or damaged/],
    [stranger, 'a.mp3', mp3, 'audio/mpeg', 'Campaign not found'],
  ];
  for (const [user, name, bytes, type, message] of cases) {
    const res = await uploadRequest(user, name, bytes, type);
    expect(res.body.errors?.[0]?.message).toEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
  }
  await expectNothingStored(before);
});

it('needs the CSRF token for a cookie-authenticated multipart mutation', async () => {
  const before = await snapshot();
  const blocked = await uploadRequest(owner, 'a.mp3', mp3, 'audio/mpeg', { csrf: false });
  expect(blocked.status).toBe(400);
  expect(JSON.stringify(blocked.body)).toMatch(/Cross-Site Request Forgery/);
  const preflighted = await uploadRequest(owner, 'a.mp3', mp3, 'audio/mpeg', {
    csrf: false,
    headers: { 'apollo-require-preflight': 'true' },
  });
  expect(preflighted.body.errors?.[0]).toMatchObject({ extensions: { code: 'CSRF_FAILED' } });
  await expectNothingStored(before);
});

it('deleting the session removes its audio from storage', async () => {
  const upload = await uploadRequest(owner, 'Short.mp3', mp3, 'audio/mpeg');
  const id = upload.body.data.uploadSession.id as string;
  started.push(id);
  expect(await bucket()).toContain(`sessions/${id}/original.mp3`);
  const res = await owner.client.gql('mutation($id: ID!, $p: String!) { deleteSession(id: $id, password: $p) }', {
    id,
    p: owner.password,
  });
  expect(res.body).toEqual({ data: { deleteSession: true } });
  expect(await bucket()).not.toContain(`sessions/${id}/original.mp3`);
});

it('keeps nothing when the client disconnects mid-file', async () => {
  const before = await snapshot();
  const operations = JSON.stringify({ query: MUTATION, variables: { campaignId, file: null } });
  const upload = await rawUpload(owner.client, '/graphql', {
    fields: { operations, map: JSON.stringify({ 0: ['variables.file'] }) },
    fileField: '0',
    fileName: 'cut-off.mp3',
    type: 'audio/mpeg',
  });
  upload.request.write(upload.head);
  upload.request.write(Buffer.alloc(60_000, 1));
  // Mid-way: S3 holds an unfinished multipart upload or nothing yet, never the object itself.
  await new Promise((r) => setTimeout(r, 500));
  upload.request.destroy();
  await expect(upload.response).rejects.toThrow();
  await expectNothingStored(before);
});

it('takes a bearer-token client with apollo-require-preflight and no CSRF token', async () => {
  const created = await owner.client.gql('mutation { createApiToken(name: "uploader") { secret } }');
  const secret = created.body.data.createApiToken.secret as string;
  const script = { ...owner, client: new HttpClient(app.url) };
  const res = await uploadRequest(script, 'Scripted.mp3', mp3, 'audio/mpeg', {
    csrf: false,
    headers: { authorization: `Bearer ${secret}`, 'apollo-require-preflight': 'true' },
  });
  expect(res.body.errors).toBeUndefined();
  started.push(res.body.data.uploadSession.id);
  expect(res.body.data.uploadSession).toMatchObject({ status: 'PROCESSING', originalFileName: 'Scripted.mp3' });
});

it('answers a malformed or cut-off multipart request with a readable error, and keeps nothing', async () => {
  const before = await snapshot();
  const operations = JSON.stringify({ query: MUTATION, variables: { campaignId, file: null } });
  const boundary = 'questlog-malformed';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const send = async (body: string) => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-csrftoken': await owner.client.csrfToken(),
        cookie: [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body,
    });
    const text = await res.text();
    expect(text).not.toMatch(/Internal server error|INTERNAL|busboy|node_modules|at .+\.js/);
    return { status: res.status, body: JSON.parse(text) };
  };
  // Unreadable before the operation is known: the request itself is refused.
  for (const body of [
    `${part('operations', operations)}--${boundary}--\r\n`, // no map
    `${part('operations', '{not json')}${part('map', '{}')}--${boundary}--\r\n`,
  ]) {
    expect(await send(body)).toMatchObject({
      status: 400,
      body: { code: 'BAD_USER_INPUT', error: expect.stringMatching(/could not be read/) },
    });
  }
  // The body ends inside the file (busboy's "Unexpected end of form"), at once or after the resolver
  // has started reading it: the upload was interrupted.
  for (const bytes of [3, 60_000]) {
    const cutOff = await send(
      `${part('operations', operations)}${part('map', '{"0":["variables.file"]}')}--${boundary}\r\n` +
        `Content-Disposition: form-data; name="0"; filename="a.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n` +
        `ID3${'x'.repeat(bytes)}`,
    );
    expect(cutOff.body.errors?.[0]).toMatchObject({
      message: UPLOAD_MESSAGES.interrupted,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  await expectNothingStored(before);
});
