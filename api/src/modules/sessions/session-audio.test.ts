import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { startTestApp, type TestApp } from '../../../test/app';
import { createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import type { HttpClient } from '../../../test/http-client';
import { makeTone } from '../../../test/uploads';
import { createStorage } from '../../storage/create-storage';
import { chunkAudioKey, renditionAudioKey, sessionAudioKey } from '../../storage/storage-key';
import type { AudioStorage } from '../../storage/storage';

let app: TestApp;
let storage: AudioStorage;
let storageDir: string;
let owner: TestUser;
let recipient: TestUser;
let stranger: TestUser;
let campaignId: string;
let wav: Buffer;

beforeAll(async () => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-audio-'));
  app = await startTestApp({ STORAGE_DIR: storageDir });
  storage = createStorage(app.config);
  [owner, recipient, stranger] = [await createUser(app), await createUser(app), await createUser(app)];
  campaignId = await createCampaign(owner, 'Curse of Strahd');
  const shared = await owner.client.post('/api/share_campaign/', {
    campaign_id: campaignId,
    recipient_email: recipient.email,
  });
  expect(shared.status).toBe(200);
  wav = fs.readFileSync(await makeTone(path.join(storageDir, '..', `tone-${randomUUID()}.wav`), 3));
}, 60_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

/** A READY session whose upload (a 3 s WAV) is in storage, as the upload endpoint leaves it. */
async function sessionWithAudio(): Promise<string> {
  const session = await createSession(app, campaignId, { mimeType: 'audio/wav', sizeBytes: wav.length });
  const key = sessionAudioKey(session.id, '.wav');
  await storage.put(key, Readable.from([wav]));
  const em = app.orm.em.fork();
  await em.getConnection().execute('update sessions set storage_key = ? where id = ?', [key, session.id]);
  return session.id;
}

interface Raw {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** A GET with the client's cookie (or its bearer token), the body kept as bytes. */
async function fetchAudio(
  client: HttpClient | null,
  sessionId: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Raw> {
  const auth: Record<string, string> = {};
  if (client?.bearer) auth.authorization = `Bearer ${client.bearer}`;
  else if (client?.cookies.size) auth.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${app.url}/api/sessions/${encodeURIComponent(sessionId)}/audio`, {
    method,
    headers: { ...auth, ...headers },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const json = (raw: Raw) => JSON.parse(raw.bytes.toString('utf8'));

describe('GET /api/sessions/{sessionId}/audio', () => {
  it('streams the whole recording without a Range, with its type, length, validators and private caching', async () => {
    const id = await sessionWithAudio();
    const res = await fetchAudio(owner.client, id);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(wav)).toBe(true);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('content-length')).toBe(String(wav.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+-o"$/);
    expect(new Date(res.headers.get('last-modified')!).getTime()).not.toBeNaN();
  });

  it('answers a byte range with 206 and exactly those bytes: closed, open-ended and suffix ranges', async () => {
    const id = await sessionWithAudio();
    const size = wav.length;
    const cases: Array<[string, number, number]> = [
      ['bytes=0-0', 0, 0],
      ['bytes=100-1099', 100, 1099],
      ['bytes=40000-', 40000, size - 1],
      ['bytes=-500', size - 500, size - 1],
      [`bytes=${size - 10}-${size + 5000}`, size - 10, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await fetchAudio(owner.client, id, { range });
      expect({ range, status: res.status }).toEqual({ range, status: 206 });
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect(res.headers.get('content-type')).toBe('audio/wav');
      expect(res.bytes.equals(wav.subarray(start, end + 1))).toBe(true);
    }
  });

  it('refuses a range past the end with 416 and the size, and serves the whole file for ranges it may ignore', async () => {
    const id = await sessionWithAudio();
    const beyond = await fetchAudio(owner.client, id, { range: `bytes=${wav.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${wav.length}`);
    expect(json(beyond)).toEqual({
      error: 'The requested range is not within the recording',
      code: 'RANGE_NOT_SATISFIABLE',
    });
    // Malformed, another unit, several ranges: RFC 9110 lets a server answer with the whole file.
    for (const range of ['bytes=abc', 'lines=1-2', 'bytes=0-1,100-200']) {
      const res = await fetchAudio(owner.client, id, { range });
      expect({ range, status: res.status, whole: res.bytes.equals(wav) }).toEqual({ range, status: 200, whole: true });
    }
  });

  it('revalidates: If-None-Match answers 304, and an If-Range for another version sends the whole file', async () => {
    const id = await sessionWithAudio();
    const first = await fetchAudio(owner.client, id);
    const etag = first.headers.get('etag')!;
    // fetch marks a conditional request no-cache (an end-to-end reload) unless told otherwise; browsers revalidate so.
    const again = await fetchAudio(owner.client, id, { 'if-none-match': etag, 'cache-control': 'max-age=0' });
    expect(again.status).toBe(304);
    expect(again.bytes).toHaveLength(0);
    const same = await fetchAudio(owner.client, id, { range: 'bytes=0-9', 'if-range': etag });
    expect(same.status).toBe(206);
    const changed = await fetchAudio(owner.client, id, { range: 'bytes=0-9', 'if-range': '"0-0-o"' });
    expect(changed.status).toBe(200);
    expect(changed.bytes.equals(wav)).toBe(true);
  });

  it('answers HEAD with the headers only', async () => {
    const id = await sessionWithAudio();
    const res = await fetchAudio(owner.client, id, { range: 'bytes=10-19' }, 'HEAD');
    expect(res.status).toBe(206);
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.bytes).toHaveLength(0);
  });

  it('plays for a share recipient, and for an API token (bearer) of the owner', async () => {
    const id = await sessionWithAudio();
    const shared = await fetchAudio(recipient.client, id, { range: 'bytes=0-99' });
    expect(shared.status).toBe(206);
    expect(shared.bytes.equals(wav.subarray(0, 100))).toBe(true);

    const token = await owner.client.gql<{ createApiToken: { secret: string } }>(
      'mutation { createApiToken(name: "player") { secret } }',
    );
    const bearer = { bearer: token.body.data!.createApiToken.secret, cookies: new Map() } as unknown as HttpClient;
    const viaToken = await fetchAudio(bearer, id);
    expect(viaToken.status).toBe(200);
    expect(viaToken.bytes.equals(wav)).toBe(true);
  });

  it('answers a stranger exactly as a missing or malformed id, and a signed-out caller with 401', async () => {
    const id = await sessionWithAudio();
    const answers = await Promise.all([
      fetchAudio(stranger.client, id),
      fetchAudio(stranger.client, id, { range: 'bytes=0-99' }),
      fetchAudio(owner.client, randomUUID()),
      fetchAudio(owner.client, 'not-a-session'),
    ]);
    // Byte for byte the same answer, headers included (only the Date may differ).
    const seen = answers.map((res) => ({
      status: res.status,
      body: res.bytes.toString(),
      headers: [...res.headers].filter(([name]) => name !== 'date'),
    }));
    for (const answer of seen) expect(answer).toEqual(seen[0]);
    expect(seen[0].status).toBe(404);
    expect(json(answers[0])).toEqual({ error: 'Session not found', code: 'NOT_FOUND' });
    expect(answers[0].headers.get('content-range')).toBeNull();
    expect(answers[0].headers.get('accept-ranges')).toBeNull();
    const anonymous = await fetchAudio(null, id);
    expect(anonymous.status).toBe(401);
    expect(json(anonymous).code).toBe('UNAUTHENTICATED');
  });

  it('serves the browser-friendly rendition when processing made one, as audio/mp4', async () => {
    const id = await sessionWithAudio();
    const rendition = Buffer.from('....ftypM4A rendition bytes');
    await storage.put(renditionAudioKey(id), Readable.from([rendition]));
    const res = await fetchAudio(owner.client, id, { range: 'bytes=4-10' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('audio/mp4');
    expect(res.headers.get('content-range')).toBe(`bytes 4-10/${rendition.length}`);
    expect(res.bytes.toString()).toBe('ftypM4A');
    expect(res.headers.get('etag')).toMatch(/-r"$/);
  });

  it('says so (404) for a session without stored audio, whose audioUrl is null', async () => {
    const silent = await createSession(app, campaignId);
    const res = await fetchAudio(owner.client, silent.id);
    expect(res.status).toBe(404);
    expect(json(res)).toEqual({ error: 'This session has no recording to play', code: 'NOT_FOUND' });
    const withAudio = await sessionWithAudio();
    const query = 'query($id: ID!) { session(id: $id) { audioUrl } }';
    expect((await owner.client.gql(query, { id: silent.id })).body.data.session.audioUrl).toBeNull();
    expect((await owner.client.gql(query, { id: withAudio })).body.data.session.audioUrl).toBe(
      `/api/sessions/${withAudio}/audio`,
    );
    // A recipient's names the version of the GM-only marks (none here), which the endpoint checks.
    const theirs = (await recipient.client.gql(query, { id: withAudio })).body.data.session.audioUrl;
    expect(theirs).toMatch(new RegExp(`^/api/sessions/${withAudio}/audio\\?v=[0-9a-f]{16}$`));
    const cookie = [...recipient.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const status = async (url: string) => (await fetch(`${app.url}${url}`, { headers: { cookie } })).status;
    expect(await status(theirs)).toBe(200);
    expect(await status(`/api/sessions/${withAudio}/audio?v=0123456789abcdef`)).toBe(409);
    expect(await status(`/api/sessions/${withAudio}/audio?v=not-a-version`)).toBe(400);
  });

  it('goes with its session: deleting the session removes the upload, the rendition and the chunks of a run', async () => {
    const id = await sessionWithAudio();
    await storage.put(renditionAudioKey(id), Readable.from([Buffer.from('m4a')]));
    // Deleted in the middle of processing: the chunks it was cutting are on disk (6.6 GB, once).
    await storage.put(chunkAudioKey(id, 0), Readable.from([Buffer.from('RIFF')]));
    const res = await owner.client.post(`/api/delete_transcript/${id}/`, { password: owner.password });
    expect(res.status).toBe(200);
    expect(await storage.exists(renditionAudioKey(id))).toBe(false);
    expect(await storage.exists(sessionAudioKey(id, '.wav'))).toBe(false);
    expect(await storage.exists(chunkAudioKey(id, 0))).toBe(false);
    expect((await fetchAudio(owner.client, id)).status).toBe(404);
  });
});
