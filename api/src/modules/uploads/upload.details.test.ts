import fs from 'node:fs';
import path from 'node:path';
import { countRows } from '../../../test/accounts';
import { eventually, leftovers, makeTone, postForm, type FormPart, uploadAppForThisFile } from '../../../test/uploads';
import { CAMPAIGN_MESSAGES } from '../campaigns/campaign.schemas';
import { PLAYED_ON_MESSAGES, isoDay } from '../sessions/played-on';

/** The title and played-on date sent with an upload, over REST and GraphQL. */
const ctx = uploadAppForThisFile('upload-details');
let wav: Buffer;

beforeAll(async () => {
  wav = fs.readFileSync(await makeTone(path.join(ctx.dir, 'in', 'tone.wav'), 2));
});

const audio = (fileName = 'Game Night 7.wav'): FormPart => ({
  name: 'audio',
  value: { fileName, type: 'audio/wav', bytes: wav },
});
const field = (name: string, value: string): FormPart => ({ name, value });

async function row(id: string): Promise<{ title: string; played_on: string | null }> {
  const [found] = await ctx.app.orm.em
    .fork()
    .getConnection()
    .execute(`select title, to_char(played_on, 'YYYY-MM-DD') as played_on from sessions where id = ?`, [id]);
  return found as { title: string; played_on: string | null };
}

const GQL_UPLOAD = `mutation($campaignId: ID!, $file: Upload!, $title: String, $playedOn: Date) {
  uploadSession(campaignId: $campaignId, file: $file, title: $title, playedOn: $playedOn) { id title playedOn }
}`;

function gqlUpload(variables: Record<string, unknown>) {
  return postForm(ctx.owner.client, '/graphql', [
    {
      name: 'operations',
      value: JSON.stringify({ query: GQL_UPLOAD, variables: { campaignId: ctx.campaignId, file: null, ...variables } }),
    },
    { name: 'map', value: JSON.stringify({ 0: ['variables.file'] }) },
    { name: '0', value: { fileName: 'From GraphQL.wav', type: 'audio/wav', bytes: wav } },
  ]);
}

/** Nothing stored and no row for a refused upload. */
async function expectNothingKept(before: { files: string[]; sessions: number }) {
  expect(await eventually(() => leftovers(ctx.app, ctx.storageDir), before)).toEqual(before);
}
const snapshot = async () => leftovers(ctx.app, ctx.storageDir);

describe('POST /upload/ title and played_on', () => {
  it('stores the title and date sent (before or after the file), trimmed', async () => {
    const first = await postForm(ctx.owner.client, '/upload/', [
      field('campaign_id', ctx.campaignId),
      field('title', '  The Lost Mine, part 2  '),
      field('played_on', '2025-03-14'),
      audio(),
    ]);
    expect(first.status).toBe(200);
    ctx.started.push(first.body.transcript_id);
    expect(await row(first.body.transcript_id)).toEqual({ title: 'The Lost Mine, part 2', played_on: '2025-03-14' });

    const after = await postForm(ctx.owner.client, '/upload/', [
      field('campaign_id', ctx.campaignId),
      audio(),
      field('played_on', '2024-02-29'),
      field('title', 'Leap night'),
    ]);
    expect(after.status).toBe(200);
    ctx.started.push(after.body.transcript_id);
    expect(await row(after.body.transcript_id)).toEqual({ title: 'Leap night', played_on: '2024-02-29' });
  });

  it('defaults to the file name and today when neither is sent', async () => {
    const res = await postForm(ctx.owner.client, '/upload/', [
      field('campaign_id', ctx.campaignId),
      audio('Dragon Night.wav'),
    ]);
    expect(res.status).toBe(200);
    ctx.started.push(res.body.transcript_id);
    const stored = await row(res.body.transcript_id);
    expect(stored.title).toBe('Dragon Night');
    // The server's day, which may turn over between the upload and this check.
    expect([isoDay(new Date(Date.now() - 60_000)), isoDay(new Date())]).toContain(stored.played_on);
  });

  it.each([
    ['a blank title', [field('title', '   ')], 'title', CAMPAIGN_MESSAGES.nameInvalid],
    ['a title over 200 characters', [field('title', 'x'.repeat(201))], 'title', CAMPAIGN_MESSAGES.nameTooLong],
    ['a date not in YYYY-MM-DD form', [field('played_on', '14/03/2025')], 'played_on', PLAYED_ON_MESSAGES.invalid],
    ['a day that does not exist', [field('played_on', '2025-02-30')], 'played_on', PLAYED_ON_MESSAGES.invalid],
    ['a date before 1970', [field('played_on', '1969-12-31')], 'played_on', PLAYED_ON_MESSAGES.tooEarly],
    [
      'a date next year',
      [field('played_on', `${new Date().getUTCFullYear() + 1}-06-01`)],
      'played_on',
      PLAYED_ON_MESSAGES.future,
    ],
  ])('refuses %s with 400 and keeps nothing', async (_case, parts, name, message) => {
    const before = await snapshot();
    const res = await postForm(ctx.owner.client, '/upload/', [field('campaign_id', ctx.campaignId), ...parts, audio()]);
    expect({ status: res.status, error: res.body.error, field: res.body.field }).toEqual({
      status: 400,
      error: message,
      field: name,
    });
    await expectNothingKept(before);
  });

  it('refuses a bad date sent after the file too, keeping nothing', async () => {
    const before = await snapshot();
    const res = await postForm(ctx.owner.client, '/upload/', [
      field('campaign_id', ctx.campaignId),
      audio(),
      field('played_on', 'yesterday'),
    ]);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error: PLAYED_ON_MESSAGES.invalid });
    await expectNothingKept(before);
  });
});

describe('uploadSession title and playedOn', () => {
  it('stores both and reads them back as Session.title and Session.playedOn', async () => {
    const res = await gqlUpload({ title: 'Into the Underdark', playedOn: '2025-11-02' });
    expect(res.body.errors).toBeUndefined();
    const session = res.body.data.uploadSession;
    ctx.started.push(session.id);
    expect(session).toMatchObject({ title: 'Into the Underdark', playedOn: '2025-11-02' });
    expect(await row(session.id)).toEqual({ title: 'Into the Underdark', played_on: '2025-11-02' });
  });

  it('defaults when they are null or left out', async () => {
    const res = await gqlUpload({ title: null });
    expect(res.body.errors).toBeUndefined();
    ctx.started.push(res.body.data.uploadSession.id);
    expect(res.body.data.uploadSession.title).toBe('From GraphQL');
    expect(res.body.data.uploadSession.playedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a bad title or date with the same messages as REST, keeping nothing', async () => {
    const before = await snapshot();
    for (const [variables, message, name] of [
      [{ title: '' }, CAMPAIGN_MESSAGES.nameInvalid, 'title'],
      [{ playedOn: '2025-13-01' }, PLAYED_ON_MESSAGES.invalid, 'playedOn'],
      [{ playedOn: '2999-01-01' }, PLAYED_ON_MESSAGES.future, 'playedOn'],
    ] as const) {
      const res = await gqlUpload(variables);
      expect(res.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field: name } });
    }
    await expectNothingKept(before);
    expect(await countRows(ctx.app, 'sessions')).toBe(before.sessions);
  });
});
