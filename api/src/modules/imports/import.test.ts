import { randomUUID } from 'node:crypto';
import { countRows } from '../../../test/accounts';
import { createCampaign, createUser, type TestUser } from '../../../test/factories';
import {
  collect,
  startProcessingApp,
  subscriptionClient,
  waitForStatus,
  type ProcessingTestApp,
} from '../../../test/processing';
import { HttpClient } from '../../../test/http-client';
import { postForm } from '../../../test/uploads';
import { TRANSCRIPT_MAX_BYTES, TRANSCRIPT_MESSAGES, type Cue } from '../../engines/transcript-formats/cue';
import { parseTranscript } from '../../engines/transcript-formats/parse';
import { RECAP_TURN } from '../../engines/table-talk/data/crd3-turns';
import type { RunningWorker } from '../../worker/worker';
import { AUDIO_MESSAGES } from '../sessions/session-audio.service';
import { SessionStatus } from '../../kernel/entities/session.entity';
import { IMPORT_MESSAGES } from './import.rules';

/*
 * Issue 15's imports and transcript exports end to end: real PostgreSQL, a real Temporal server and
 * worker running the processing workflow, the offline table-talk filter and summarizer.
 */

const VTT = [
  'WEBVTT',
  '',
  'NOTE exported from our VTT tool',
  '',
  '1',
  '00:00:01.250 --> 00:00:05.500 align:start',
  '<v Dana>The innkeeper Sabine pours four mugs of cider',
  'and asks about her missing brother.',
  '',
  '00:00:06.000 --> 00:00:09.125',
  '<v Sam>I promise Sabine that we will find her brother in the old mine.',
  '',
  '00:00:10.000 --> 00:00:13.000',
  '<v Kira>Who wants more pizza? I am ordering two large pizzas now.',
  '',
  '00:00:14.500 --> 00:00:18.750',
  '<v Dana>At dawn the party reaches the mine and finds a silver bell on the altar.',
  '',
].join('\n');

const SRT = [
  '1',
  '00:00:02,000 --> 00:00:04,500',
  'Theo: I sharpen my axe by the fire.',
  '',
  '2',
  '00:00:05,000 --> 00:00:09,000',
  'Dana: Skeletons rise from the water and the tunnel shakes.',
  '',
  '3',
  '00:00:09,500 --> 00:00:11,000',
  'The torches gutter out.',
  '',
].join('\r\n');

const TEXT = 'Dana: The dragon Vexmora circles the tower of Highcliff.\nSam: I ready my bow and aim at her wing.\n';

let app: ProcessingTestApp;
let worker: RunningWorker;
let owner: TestUser;
let recipient: TestUser;
let stranger: TestUser;
let campaignId: string;

beforeAll(async () => {
  app = await startProcessingApp();
  worker = await app.startWorker();
  [owner, recipient, stranger] = [await createUser(app), await createUser(app), await createUser(app)];
  campaignId = await createCampaign(owner, 'The Old Mine');
  const shared = await owner.client.post('/api/share_campaign/', {
    campaign_id: campaignId,
    recipient_email: recipient.email,
  });
  expect(shared.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
});

const IMPORT = `mutation($campaignId: ID!, $file: Upload!, $title: String, $playedOn: Date) {
  importSession(campaignId: $campaignId, file: $file, title: $title, playedOn: $playedOn) {
    id title status stage importedFrom originalFileName mimeType durationSeconds audioUrl playedOn
  }
}`;

/** The GraphQL multipart request the web app sends (operations, map, then the file). */
function importByGraphql(user: TestUser, fileName: string, bytes: Buffer, variables: Record<string, unknown> = {}) {
  return postForm(user.client, '/graphql', [
    {
      name: 'operations',
      value: JSON.stringify({ query: IMPORT, variables: { campaignId, file: null, ...variables } }),
    },
    { name: 'map', value: JSON.stringify({ 0: ['variables.file'] }) },
    { name: '0', value: { fileName, type: 'application/octet-stream', bytes } },
  ]);
}

function importByRest(user: TestUser, fileName: string, bytes: Buffer, target = campaignId) {
  return postForm(user.client, '/api/import_transcript/', [
    { name: 'campaign_id', value: target },
    { name: 'file', value: { fileName, type: 'text/plain', bytes } },
  ]);
}

/** The session's lines as cues, speakers by their cast names (a fresh cast: the file's names). */
async function storedCues(sessionId: string): Promise<Array<Cue & { tableTalk: boolean }>> {
  const rows = await app.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ start_ms: number; end_ms: number; text: string; speaker: string | null; table_talk: boolean }>>(
      'select start_ms, end_ms, text, speaker, table_talk from transcript_segments where session_id = ? order by position',
      [sessionId],
    );
  return rows.map((r) => ({
    startMs: r.start_ms,
    endMs: r.end_ms,
    text: r.text,
    ...(r.speaker ? { speaker: r.speaker } : {}),
    tableTalk: r.table_talk,
  }));
}

/** A browser without a session. */
const signedOut = () => ({ client: new HttpClient(app.url) });

const withoutMarks = (cues: Array<Cue & { tableTalk?: boolean }>) => cues.map(({ tableTalk: _t, ...cue }) => cue);

async function exported(user: { client: HttpClient }, sessionId: string, format: string, query = '') {
  const cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${app.url}/api/sessions/${sessionId}/transcript.${format}${query}`, { headers: { cookie } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function usageOf(sessionId: string): Promise<number> {
  const [row] = await app.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ n: number }>>('select count(*)::int as n from usage_records where session_id = ?', [sessionId]);
  return row.n;
}

describe('importing a transcript', () => {
  it('takes a WebVTT file through table talk, summaries and index to READY, with live stages and no audio', async () => {
    const ws = subscriptionClient(app, owner);
    const updates = collect<{ sessionUpdated: { sessionId: string; stage: string | null; status: string } }>(
      ws,
      'subscription($id: ID!) { sessionUpdated(campaignId: $id) { sessionId stage status } }',
      { id: campaignId },
    );
    try {
      await new Promise((r) => setTimeout(r, 500));
      const res = await importByGraphql(owner, 'Night at the inn.vtt', Buffer.from(VTT), { playedOn: '2026-11-20' });
      expect(res.body.errors).toBeUndefined();
      const created = res.body.data.importSession;
      expect(created).toMatchObject({
        title: 'Night at the inn',
        status: 'PROCESSING',
        stage: 'queued',
        importedFrom: 'vtt',
        originalFileName: 'Night at the inn.vtt',
        mimeType: 'text/vtt',
        durationSeconds: 18.75,
        audioUrl: null,
        playedOn: '2026-11-20',
      });
      const session = await waitForStatus(app, created.id, [SessionStatus.READY, SessionStatus.FAILED], 120_000);
      expect(session.failureReason ?? null).toBeNull();
      expect(session.status).toBe(SessionStatus.READY);
      expect(withoutMarks(await storedCues(created.id))).toEqual([
        {
          startMs: 1250,
          endMs: 5500,
          speaker: 'Dana',
          text: 'The innkeeper Sabine pours four mugs of cider and asks about her missing brother.',
        },
        {
          startMs: 6000,
          endMs: 9125,
          speaker: 'Sam',
          text: 'I promise Sabine that we will find her brother in the old mine.',
        },
        {
          startMs: 10_000,
          endMs: 13_000,
          speaker: 'Kira',
          text: 'Who wants more pizza? I am ordering two large pizzas now.',
        },
        {
          startMs: 14_500,
          endMs: 18_750,
          speaker: 'Dana',
          text: 'At dawn the party reaches the mine and finds a silver bell on the altar.',
        },
      ]);
      expect(session.briefSummary).toMatch(/\w/);
      expect(session.fullTranscript).toContain('[00:00:01] The innkeeper Sabine');
      const db = app.orm.em.fork().getConnection();
      const [indexed] = await db.execute<Array<{ n: number }>>(
        'select count(*)::int as n from transcript_segments where session_id = ? and search_vector is not null',
        [created.id],
      );
      expect(indexed.n).toBe(4);
      const cast = await db.execute<Array<{ label: string }>>(
        'select label from campaign_speakers where campaign_id = ? order by created_at',
        [campaignId],
      );
      expect(cast.map((c) => c.label)).toEqual(expect.arrayContaining(['Dana', 'Sam', 'Kira']));
      expect(await usageOf(created.id)).toBe(0);
      const stages = updates.values
        .filter((u) => u.sessionUpdated.sessionId === created.id)
        .map((u) => u.sessionUpdated.stage);
      expect(stages).toEqual(expect.arrayContaining(['assemble', 'filter', 'summarize', 'index', 'finish']));
      expect(stages).not.toContain('probe');
      expect(stages).not.toContain('transcribe');
      // No recording: the player's route answers its "no audio", not a broken stream.
      const audio = await owner.client.get(`/api/sessions/${created.id}/audio`);
      expect(audio.status).toBe(404);
      expect(audio.body.error).toBe(AUDIO_MESSAGES.noAudio);
    } finally {
      updates.stop();
      await ws.dispose();
    }
  }, 180_000);

  it('takes SubRip and plain text (REST) to READY with their speakers and times', async () => {
    const srt = await importByRest(owner, 'mine.srt', Buffer.from(SRT));
    expect(srt.status).toBe(200);
    const text = await importByRest(owner, 'dragon notes.txt', Buffer.from(TEXT));
    expect(text.status).toBe(200);
    expect(srt.body.redirect_url).toBe(`/archive?transcript_id=${srt.body.transcript_id}`);
    for (const id of [srt.body.transcript_id, text.body.transcript_id]) {
      expect((await waitForStatus(app, id, [SessionStatus.READY, SessionStatus.FAILED], 120_000)).status).toBe(
        SessionStatus.READY,
      );
    }
    expect(withoutMarks(await storedCues(srt.body.transcript_id))).toEqual([
      { startMs: 2000, endMs: 4500, speaker: 'Theo', text: 'I sharpen my axe by the fire.' },
      { startMs: 5000, endMs: 9000, speaker: 'Dana', text: 'Skeletons rise from the water and the tunnel shakes.' },
      { startMs: 9500, endMs: 11_000, text: 'The torches gutter out.' },
    ]);
    // Plain text: no times in the file, so 0.4 s a word from the start, one line after the other.
    expect(withoutMarks(await storedCues(text.body.transcript_id))).toEqual([
      { startMs: 0, endMs: 3200, speaker: 'Dana', text: 'The dragon Vexmora circles the tower of Highcliff.' },
      { startMs: 3200, endMs: 6800, speaker: 'Sam', text: 'I ready my bow and aim at her wing.' },
    ]);
    const session = await app.orm.em
      .fork()
      .getConnection()
      .execute('select imported_from, mime_type, storage_key from sessions where id = ?', [text.body.transcript_id]);
    expect(session).toEqual([{ imported_from: 'text', mime_type: 'text/plain', storage_key: null }]);
  }, 180_000);
});

describe("a file's long turns", () => {
  it('cuts a plain-text turn that opens with an aside, the story in play; keeps subtitle cues as the file cut them', async () => {
    const { aside, recap, after } = RECAP_TURN;
    const text = [`Matt: ${aside} ${recap}`, `Laura: ${after[0]}`, `Matt: ${after[1]}`].join('\n');
    const srt = [
      ['00:00:00,000 --> 00:01:00,000', `Matt: ${aside} ${recap}`],
      ['00:01:00,000 --> 00:01:01,000', `Laura: ${after[0]}`],
      ['00:01:01,000 --> 00:01:11,000', `Matt: ${after[1]}`],
    ]
      .map(([time, line], i) => `${i + 1}\n${time}\n${line}\n`)
      .join('\n');
    const ids: string[] = [];
    for (const [name, body] of [
      ['recap.txt', text],
      ['recap.srt', srt],
    ]) {
      const res = await importByRest(owner, name, Buffer.from(body));
      expect(res.status).toBe(200);
      ids.push(res.body.transcript_id);
    }
    for (const id of ids) expect((await waitForStatus(app, id, [SessionStatus.READY], 120_000)).status).toBe('READY');
    const [fromText, fromSubtitles] = await Promise.all(ids.map(storedCues));
    // 0.4 s a word from the start: the aside's words, then the recap's.
    const words = (t: string) => t.split(' ').length;
    const cut = words(aside) * 400;
    expect(fromText.slice(0, 2)).toEqual([
      { startMs: 0, endMs: cut, speaker: 'Matt', text: aside, tableTalk: true },
      { startMs: cut, endMs: cut + words(recap) * 400, speaker: 'Matt', text: recap, tableTalk: false },
    ]);
    expect(fromText.map((c) => c.text)).toEqual([aside, recap, ...after]);
    expect(fromSubtitles.map((c) => c.text)).toEqual([`${aside} ${recap}`, ...after]);
  }, 180_000);
});

describe('retrying an imported session', () => {
  it('goes the import path again: no audio stages, its lines kept, READY', async () => {
    const res = await importByRest(owner, 'retry.srt', Buffer.from(SRT));
    const id = res.body.transcript_id as string;
    await waitForStatus(app, id, [SessionStatus.READY], 120_000);
    await app.workflows.getHandle(`session-${id}`).result();
    const before = await storedCues(id);
    // As a run that gave up would leave it (an engine down through every attempt).
    await app.orm.em
      .fork()
      .getConnection()
      .execute("update sessions set status = 'FAILED', failure_reason = 'Summarizing failed' where id = ?", [id]);
    const retried = await owner.client.gql('mutation($id: ID!) { retrySession(id: $id) { status } }', { id });
    expect(retried.body.errors).toBeUndefined();
    const session = await waitForStatus(app, id, [SessionStatus.READY, SessionStatus.FAILED], 120_000);
    expect({ status: session.status, reason: session.failureReason ?? null }).toEqual({
      status: SessionStatus.READY,
      reason: null,
    });
    expect(withoutMarks(await storedCues(id))).toEqual(withoutMarks(before));
    const handle = app.workflows.getHandle(`session-${id}`);
    await handle.result();
    const activities = (await handle.fetchHistory()).events!.flatMap((e) =>
      e.activityTaskScheduledEventAttributes ? [e.activityTaskScheduledEventAttributes.activityType!.name] : [],
    );
    expect(activities).toEqual(expect.arrayContaining(['sessionSource', 'assembleTranscript', 'summarizeSession']));
    expect(activities).not.toContain('probeAudio');
  }, 240_000);
});

describe('exporting a transcript', () => {
  let vttSession: string;
  let srtSession: string;

  beforeAll(async () => {
    const vtt = await importByRest(owner, 'Round trip.vtt', Buffer.from(VTT));
    const srt = await importByRest(owner, 'Round trip.srt', Buffer.from(SRT));
    [vttSession, srtSession] = [vtt.body.transcript_id, srt.body.transcript_id];
    for (const id of [vttSession, srtSession]) await waitForStatus(app, id, [SessionStatus.READY], 120_000);
  }, 180_000);

  it('round-trips WebVTT and SubRip: the exported file reads back as the imported cues, to the ms', async () => {
    for (const [id, source, format] of [
      [vttSession, VTT, 'vtt'],
      [srtSession, SRT, 'srt'],
    ] as const) {
      const file = await exported(owner, id, format, '?table_talk=include');
      expect(file.status).toBe(200);
      const reread = parseTranscript(Buffer.from(file.text));
      expect(reread.format).toBe(format);
      expect(reread.cues).toEqual(parseTranscript(Buffer.from(source)).cues);
    }
  });

  it('gives what the transcript view shows by default (no table talk), with a safe file name', async () => {
    const db = app.orm.em.fork().getConnection();
    await db.execute('update transcript_segments set table_talk = (position = 2) where session_id = ?', [vttSession]);
    await db.execute('update sessions set title = ? where id = ?', ['Night "1": ../../etc/passwd\\é', vttSession]);
    const file = await exported(owner, vttSession, 'vtt');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    const disposition = file.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="Night 1 \.\. \.\. etc passwd \?\.vtt"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe('Night 1 .. .. etc passwd é.vtt');
    const shown = (await storedCues(vttSession)).filter((c) => !c.tableTalk);
    expect(parseTranscript(Buffer.from(file.text)).cues).toEqual(withoutMarks(shown));
    expect(shown).toHaveLength(3);
    const srt = await exported(owner, srtSession, 'srt');
    expect(srt.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    expect(srt.text.startsWith('1\r\n') || srt.text.startsWith('1\n')).toBe(true);
  });

  it('names speakers as the cast does', async () => {
    const cast = await owner.client.gql<{ campaign: { cast: Array<{ id: string; label: string }> } }>(
      'query($id: ID!) { campaign(id: $id) { cast { id label } } }',
      { id: campaignId },
    );
    const theo = cast.body.data!.campaign.cast.find((s) => s.label === 'Theo')!;
    const named = await owner.client.gql(
      'mutation($id: ID!) { updateSpeaker(id: $id, input: { characterName: "Brother Theodric" }) { id } }',
      { id: theo.id },
    );
    expect(named.body.errors).toBeUndefined();
    const file = await exported(owner, srtSession, 'srt', '?table_talk=include');
    expect(file.text).toContain('Brother Theodric (Theo): I sharpen my axe by the fire.');
  });

  it('lets a recipient export what they may read; a stranger gets the same 404 as a missing session', async () => {
    expect((await exported(recipient, srtSession, 'srt')).status).toBe(200);
    const theirs = await exported(stranger, srtSession, 'vtt');
    const missing = await exported(stranger, randomUUID(), 'vtt');
    expect(theirs.status).toBe(404);
    expect(theirs.text).toBe(missing.text);
    expect((await exported(owner, srtSession, 'txt')).status).toBe(404);
    expect((await exported(signedOut(), srtSession, 'vtt')).status).toBe(401);
  });
});

describe('refusals', () => {
  const snapshot = async () => ({
    sessions: await countRows(app, 'sessions'),
    lines: await countRows(app, 'transcript_segments'),
  });

  it.each([
    ['empty', 'empty.vtt', Buffer.alloc(0), TRANSCRIPT_MESSAGES.empty],
    ['blank lines only', 'blank.txt', Buffer.from('\n\n  \n'), TRANSCRIPT_MESSAGES.empty],
    [
      'binary (NUL bytes)',
      'night.vtt',
      Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nhi\0\n'),
      TRANSCRIPT_MESSAGES.notText,
    ],
    [
      'audio named .srt',
      'night.srt',
      Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\x00'), Buffer.alloc(512, 0xff)]),
      TRANSCRIPT_MESSAGES.notText,
    ],
    [
      'an HTML page',
      'page.txt',
      Buffer.from('<!doctype html><html><body>hi</body></html>'),
      TRANSCRIPT_MESSAGES.markup,
    ],
    [
      'a bad cue time',
      'bad.vtt',
      Buffer.from('WEBVTT\n\n00:00:99.000 --> 00:01:00.000\nhi\n'),
      TRANSCRIPT_MESSAGES.badTime(3),
    ],
    ['over the size bound', 'huge.txt', Buffer.alloc(TRANSCRIPT_MAX_BYTES + 1, 'a'), TRANSCRIPT_MESSAGES.tooLarge],
  ])(
    'refuses %s with its message through GraphQL and REST, creating nothing',
    async (_name, fileName, bytes, message) => {
      const before = await snapshot();
      const gql = await importByGraphql(owner, fileName, bytes);
      expect(gql.body.errors?.[0]).toMatchObject({ message });
      const rest = await importByRest(owner, fileName, bytes);
      expect(rest.body).toMatchObject({ error: message });
      expect(rest.status).toBe(message === TRANSCRIPT_MESSAGES.tooLarge ? 413 : 400);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('refuses a form without a file or a campaign', async () => {
    const noFile = await postForm(owner.client, '/api/import_transcript/', [
      { name: 'campaign_id', value: campaignId },
    ]);
    expect(noFile.body).toMatchObject({ error: IMPORT_MESSAGES.fileRequired });
    const noCampaign = await postForm(owner.client, '/api/import_transcript/', [
      { name: 'file', value: { fileName: 'a.txt', type: 'text/plain', bytes: Buffer.from('hi') } },
    ]);
    expect(noCampaign.body).toMatchObject({ error: IMPORT_MESSAGES.campaignRequired, field: 'campaign_id' });
  });

  it('lets only the owner import: a recipient is forbidden, a stranger gets not found, nothing is created', async () => {
    const before = await snapshot();
    const asRecipient = await importByGraphql(recipient, 'mine.vtt', Buffer.from(VTT));
    expect(asRecipient.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const asStranger = await importByRest(stranger, 'mine.vtt', Buffer.from(VTT));
    const unknown = await importByRest(stranger, 'mine.vtt', Buffer.from(VTT), randomUUID());
    expect(asStranger.status).toBe(404);
    expect(asStranger.body).toEqual(unknown.body);
    const anonymous = await postForm(signedOut().client, '/api/import_transcript/', []);
    expect(anonymous.status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});
