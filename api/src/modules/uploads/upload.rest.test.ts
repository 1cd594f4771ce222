import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { countRows } from '../../../test/accounts';
import { createCampaign, createUser } from '../../../test/factories';
import { HttpClient } from '../../../test/http-client';
import {
  encode,
  eventually,
  leftovers,
  makeTone,
  postForm,
  rawUpload,
  storedFiles,
  workflowClient,
  type FormPart,
  uploadAppForThisFile,
} from '../../../test/uploads';
import { PlanService } from '../plans/plan.service';
import { UsageService } from '../usage/usage.service';
import { UPLOAD_MESSAGES } from './upload.rules';

// The files are made before the app starts: the largest one sets UPLOAD_MAX_BYTES.
const ctx = uploadAppForThisFile('upload-rest', async () => {
  await makeTone(files.wav, 3);
  await encode(files.wav, files.mp3);
  // ffmpeg writes an M4A's index last unless asked to move it first (+faststart).
  await encode(files.wav, files.m4a);
  await makeTone(files.largest, 20);
  return { UPLOAD_MAX_BYTES: String(fs.statSync(files.largest).size) };
});
const files = {
  wav: path.join(ctx.dir, 'in', 'Game Night 1.wav'),
  mp3: path.join(ctx.dir, 'in', 'second.mp3'),
  m4a: path.join(ctx.dir, 'in', 'phone.m4a'),
  /** Exactly UPLOAD_MAX_BYTES long: the largest file the size rule lets through. */
  largest: path.join(ctx.dir, 'in', 'largest.wav'),
};

const file = (fileName: string, bytes: Buffer, type: string): FormPart => ({
  name: 'audio',
  value: { fileName, type, bytes },
});
const campaign = (id: string): FormPart => ({ name: 'campaign_id', value: id });
const read = (p: string) => fs.readFileSync(p);
const half = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));

/** Runs a refused upload and proves it left no file and no session row behind. */
async function refused(send: () => Promise<{ status: number; body: any }>, status: number, message: string | RegExp) {
  const rowsBefore = await countRows(ctx.app, 'sessions');
  const filesBefore = storedFiles(ctx.storageDir);
  const res = await send();
  expect({ status: res.status, error: res.body?.error }).toEqual({
    status,
    error: typeof message === 'string' ? message : expect.stringMatching(message),
  });
  expect(
    await eventually(() => leftovers(ctx.app, ctx.storageDir), { files: filesBefore, sessions: rowsBefore }),
  ).toEqual({
    files: filesBefore,
    sessions: rowsBefore,
  });
  return res;
}

describe('POST /upload/ accepts audio', () => {
  it('stores the file, creates a PROCESSING session and starts its workflow', async () => {
    const res = await postForm(ctx.owner.client, '/upload/', [
      campaign(ctx.campaignId),
      file('Game Night 1.wav', read(files.wav), 'audio/wav'),
    ]);
    expect(res.status).toBe(200);
    const id = res.body.transcript_id as string;
    ctx.started.push(id);
    expect(res.body).toEqual({ redirect_url: `/archive?transcript_id=${id}`, transcript_id: id });

    const [row] = await ctx.app.orm.em.fork().getConnection().execute('select * from sessions where id = ?', [id]);
    expect(row).toMatchObject({
      title: 'Game Night 1',
      status: 'PROCESSING',
      stage: 'queued',
      original_file_name: 'Game Night 1.wav',
      mime_type: 'audio/wav',
      size_bytes: String(fs.statSync(files.wav).size),
      storage_key: `sessions/${id}/original.wav`,
    });
    expect(row.duration_seconds).toBeCloseTo(3, 1);
    expect(read(path.join(ctx.storageDir, row.storage_key)).equals(read(files.wav))).toBe(true);

    const workflow = await workflowClient(ctx.app).getHandle(`session-${id}`).describe();
    expect({ type: workflow.type, taskQueue: workflow.taskQueue }).toEqual({
      type: 'processSession',
      taskQueue: 'session-processing',
    });
  });

  it('takes the file before campaign_id as well (stored first, authorized when the field arrives)', async () => {
    const res = await postForm(ctx.owner.client, '/upload/', [
      file('second.mp3', read(files.mp3), 'audio/mpeg'),
      campaign(ctx.campaignId),
    ]);
    expect(res.status).toBe(200);
    ctx.started.push(res.body.transcript_id);
    const details = await ctx.owner.client.get(`/api/get_session_details/${res.body.transcript_id}/`);
    expect(details.body).toMatchObject({ status: 'PROCESSING', originalFileName: 'second.mp3' });
  });

  it('lets a file of exactly the size limit through', async () => {
    const res = await postForm(ctx.owner.client, '/upload/', [
      campaign(ctx.campaignId),
      file('largest.wav', read(files.largest), 'audio/x-wav'),
    ]);
    expect(res.status).toBe(200);
    ctx.started.push(res.body.transcript_id);
  });
});

describe('POST /upload/ refuses, keeping nothing', () => {
  const tooLarge = UPLOAD_MESSAGES.tooLarge;

  it('a file one byte over the limit (413), streamed with a Content-Length', async () => {
    const bytes = Buffer.concat([read(files.largest), Buffer.alloc(1)]);
    await refused(
      () => postForm(ctx.owner.client, '/upload/', [campaign(ctx.campaignId), file('big.wav', bytes, 'audio/wav')]),
      413,
      tooLarge,
    );
  });

  it('a file over the limit sent chunked, without a Content-Length (413)', async () => {
    await refused(
      async () => {
        const upload = await rawUpload(ctx.owner.client, '/upload/', {
          fields: { campaign_id: ctx.campaignId },
          fileName: 'big.wav',
          type: 'audio/wav',
        });
        upload.request.write(upload.head);
        upload.request.write(read(files.largest));
        upload.request.write(read(files.largest));
        upload.request.end(upload.tail);
        return upload.response;
      },
      413,
      tooLarge,
    );
  });

  it('a declared Content-Length over the limit before any byte is read (413)', async () => {
    await refused(
      async () => {
        const upload = await rawUpload(ctx.owner.client, '/upload/', {
          fields: { campaign_id: ctx.campaignId },
          fileName: 'huge.wav',
          type: 'audio/wav',
          contentLength: 2 * 1024 ** 3,
        });
        upload.request.write(upload.head);
        return upload.response;
      },
      413,
      tooLarge,
    );
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['session.wav', 'image/png'],
    ['session', 'audio/wav'],
    ['session.exe', 'application/octet-stream'],
  ])('a file named %s declared as %s (wrong type or extension)', async (name, type) => {
    await refused(
      () => postForm(ctx.owner.client, '/upload/', [campaign(ctx.campaignId), file(name, read(files.wav), type)]),
      400,
      UPLOAD_MESSAGES.unsupportedType,
    );
  });

  it.each([
    [
      'a renamed text file',
      'notes.mp3',
      Buffer.from('Session notes: the party met the dragon.\n'.repeat(200)),
      /not an audio recording/,
    ],
    ['zero bytes', 'empty.wav', Buffer.alloc(0), /empty/],
    ['a truncated WAV', 'cut.wav', () => half(read(files.wav)), /truncated or damaged/],
    ['a truncated MP3', 'cut.mp3', () => half(read(files.mp3)), /truncated or damaged/],
    ['an M4A cut off before its index', 'cut.m4a', () => half(read(files.m4a)), /truncated or damaged/],
  ])('%s (content check)', async (_what, name, content, message) => {
    const bytes = typeof content === 'function' ? content() : content;
    const type = name.endsWith('.wav') ? 'audio/wav' : name.endsWith('.m4a') ? 'audio/mp4' : 'audio/mpeg';
    await refused(
      () => postForm(ctx.owner.client, '/upload/', [campaign(ctx.campaignId), file(name, bytes, type)]),
      400,
      message,
    );
  });

  it('no campaign, or a blank one', async () => {
    const audio = () => file('a.wav', read(files.wav), 'audio/wav');
    await refused(() => postForm(ctx.owner.client, '/upload/', [audio()]), 400, UPLOAD_MESSAGES.campaignRequired);
    await refused(
      () => postForm(ctx.owner.client, '/upload/', [campaign(' '), audio()]),
      400,
      UPLOAD_MESSAGES.campaignRequired,
    );
  });

  it("someone else's campaign, an unknown one, and a campaign shared with the uploader", async () => {
    const other = await createUser(ctx.app);
    const audio = () => file('a.wav', read(files.wav), 'audio/wav');
    await refused(
      () => postForm(other.client, '/upload/', [campaign(ctx.campaignId), audio()]),
      404,
      'Campaign not found',
    );
    await refused(
      () => postForm(other.client, '/upload/', [audio(), campaign(randomUUID())]),
      404,
      'Campaign not found',
    );
    const share = await ctx.owner.client.gql(
      'mutation($c: ID!, $e: String!) { shareCampaign(campaignId: $c, email: $e) { id } }',
      {
        c: ctx.campaignId,
        e: other.email,
      },
    );
    expect(share.body.errors).toBeUndefined();
    await refused(
      () => postForm(other.client, '/upload/', [audio(), campaign(ctx.campaignId)]),
      403,
      'This campaign is shared with you read-only',
    );
  });

  it('when the month’s audio hours are used up (403, code QUOTA_EXCEEDED)', async () => {
    const spent = await createUser(ctx.app);
    const ownCampaign = await createCampaign(spent);
    const usage = new UsageService(ctx.app.orm.em.fork(), new PlanService(ctx.app.config));
    await usage.charge(spent.id, Number(ctx.app.config.FREE_AUDIO_HOURS) * 3600, randomUUID());
    const res = await refused(
      () => postForm(spent.client, '/upload/', [campaign(ownCampaign), file('a.wav', read(files.wav), 'audio/wav')]),
      403,
      UPLOAD_MESSAGES.quotaExceeded,
    );
    expect(res.body.code).toBe('QUOTA_EXCEEDED');
  });

  it('signed out (401) and without the CSRF token (403)', async () => {
    const audio = () => file('a.wav', read(files.wav), 'audio/wav');
    await refused(
      () => postForm(new HttpClient(ctx.app.url), '/upload/', [campaign(ctx.campaignId), audio()]),
      401,
      /sign in/,
    );
    await refused(
      () => postForm(ctx.owner.client, '/upload/', [campaign(ctx.campaignId), audio()], { csrf: false }),
      403,
      'Invalid or missing CSRF token',
    );
  });

  it('a form without the audio field, and a body that is not multipart', async () => {
    await refused(
      () => postForm(ctx.owner.client, '/upload/', [campaign(ctx.campaignId)]),
      400,
      UPLOAD_MESSAGES.fileRequired,
    );
    await refused(
      () => ctx.owner.client.post('/upload/', { campaign_id: ctx.campaignId }),
      400,
      UPLOAD_MESSAGES.notMultipart,
    );
  });

  it('an upload whose client disconnects mid-body: no temp file, no row', async () => {
    const rowsBefore = await countRows(ctx.app, 'sessions');
    const filesBefore = storedFiles(ctx.storageDir);
    const upload = await rawUpload(ctx.owner.client, '/upload/', {
      fields: { campaign_id: ctx.campaignId },
      fileName: 'cut-off.wav',
      type: 'audio/wav',
    });
    upload.request.write(upload.head);
    upload.request.write(read(files.largest).subarray(0, 100_000));
    // The server is mid-way: a hidden temp file is being written next to the final name.
    const partial = await eventually(async () => storedFiles(ctx.storageDir).some((f) => f.endsWith('.part')), true);
    expect(partial).toBe(true);
    upload.request.destroy();
    await expect(upload.response).rejects.toThrow();
    expect(
      await eventually(() => leftovers(ctx.app, ctx.storageDir), { files: filesBefore, sessions: rowsBefore }),
    ).toEqual({
      files: filesBefore,
      sessions: rowsBefore,
    });
  });
});
