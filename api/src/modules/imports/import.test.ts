import { randomUUID } from 'node:crypto';
import { countRows } from '../../../test/accounts';
import type { TestUser } from '../../../test/factories';
import { collect, subscriptionClient, waitForStatus } from '../../../test/processing';
import {
  importByRest as importInto,
  importsWorld,
  signedOut,
  SRT,
  storedCues,
  TEXT,
  VTT,
  withoutMarks,
} from '../../../test/transcript-imports';
import { postForm } from '../../../test/uploads';
import { TRANSCRIPT_MAX_BYTES, TRANSCRIPT_MESSAGES } from '../../engines/transcript-formats/cue';
import { RECAP_TURN } from '../../engines/table-talk/data/crd3-turns';
import { AUDIO_MESSAGES } from '../sessions/session-audio.service';
import { SessionStatus } from '../../kernel/entities/session.entity';
import { IMPORT_MESSAGES } from './import.rules';

/*
 * Issue 15's imports end to end: real PostgreSQL, a real Temporal server and worker running the
 * processing workflow, the offline table-talk filter and summarizer. Exports: modules/exports.
 */
const world = importsWorld('The Old Mine');
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
      value: JSON.stringify({ query: IMPORT, variables: { campaignId: world.campaignId, file: null, ...variables } }),
    },
    { name: 'map', value: JSON.stringify({ 0: ['variables.file'] }) },
    { name: '0', value: { fileName, type: 'application/octet-stream', bytes } },
  ]);
}

const importByRest = (user: TestUser, fileName: string, bytes: Buffer, target = world.campaignId) =>
  importInto(user, target, fileName, bytes);

describe('importing a transcript', () => {
  it('takes a WebVTT file through table talk, summaries and index to READY, with live stages and no audio', async () => {
    const ws = subscriptionClient(world.app, world.owner);
    const updates = collect<{ sessionUpdated: { sessionId: string; stage: string | null; status: string } }>(
      ws,
      'subscription($id: ID!) { sessionUpdated(campaignId: $id) { sessionId stage status } }',
      { id: world.campaignId },
    );
    try {
      await new Promise((r) => setTimeout(r, 500));
      const res = await importByGraphql(world.owner, 'Night at the inn.vtt', Buffer.from(VTT), {
        playedOn: '2026-11-20',
      });
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
      const session = await waitForStatus(world.app, created.id, [SessionStatus.READY, SessionStatus.FAILED], 120_000);
      expect(session.failureReason ?? null).toBeNull();
      expect(session.status).toBe(SessionStatus.READY);
      expect(withoutMarks(await storedCues(world.app, created.id))).toEqual([
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
      const db = world.app.orm.em.fork().getConnection();
      const [indexed] = await db.execute<Array<{ n: number }>>(
        'select count(*)::int as n from transcript_segments where session_id = ? and search_vector is not null',
        [created.id],
      );
      expect(indexed.n).toBe(4);
      const cast = await db.execute<Array<{ label: string }>>(
        'select label from campaign_speakers where campaign_id = ? order by created_at',
        [world.campaignId],
      );
      expect(cast.map((c) => c.label)).toEqual(expect.arrayContaining(['Dana', 'Sam', 'Kira']));
      expect(await countRows(world.app, 'usage_records', 'session_id = ?', [created.id])).toBe(0);
      const stages = updates.values
        .filter((u) => u.sessionUpdated.sessionId === created.id)
        .map((u) => u.sessionUpdated.stage);
      expect(stages).toEqual(expect.arrayContaining(['assemble', 'filter', 'summarize', 'index', 'finish']));
      expect(stages).not.toContain('probe');
      expect(stages).not.toContain('transcribe');
      // No recording: the player's route answers its "no audio", not a broken stream.
      const audio = await world.owner.client.get(`/api/sessions/${created.id}/audio`);
      expect(audio.status).toBe(404);
      expect(audio.body.error).toBe(AUDIO_MESSAGES.noAudio);
    } finally {
      updates.stop();
      await ws.dispose();
    }
  }, 180_000);

  it('takes SubRip and plain text (REST) to READY with their speakers and times', async () => {
    const srt = await importByRest(world.owner, 'mine.srt', Buffer.from(SRT));
    expect(srt.status).toBe(200);
    const text = await importByRest(world.owner, 'dragon notes.txt', Buffer.from(TEXT));
    expect(text.status).toBe(200);
    expect(srt.body.redirect_url).toBe(`/archive?transcript_id=${srt.body.transcript_id}`);
    for (const id of [srt.body.transcript_id, text.body.transcript_id]) {
      expect((await waitForStatus(world.app, id, [SessionStatus.READY, SessionStatus.FAILED], 120_000)).status).toBe(
        SessionStatus.READY,
      );
    }
    expect(withoutMarks(await storedCues(world.app, srt.body.transcript_id))).toEqual([
      { startMs: 2000, endMs: 4500, speaker: 'Theo', text: 'I sharpen my axe by the fire.' },
      { startMs: 5000, endMs: 9000, speaker: 'Dana', text: 'Skeletons rise from the water and the tunnel shakes.' },
      { startMs: 9500, endMs: 11_000, text: 'The torches gutter out.' },
    ]);
    // Plain text: no times in the file, so 0.4 s a word from the start, one line after the other.
    expect(withoutMarks(await storedCues(world.app, text.body.transcript_id))).toEqual([
      { startMs: 0, endMs: 3200, speaker: 'Dana', text: 'The dragon Vexmora circles the tower of Highcliff.' },
      { startMs: 3200, endMs: 6800, speaker: 'Sam', text: 'I ready my bow and aim at her wing.' },
    ]);
    const session = await world.app.orm.em
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
      const res = await importByRest(world.owner, name, Buffer.from(body));
      expect(res.status).toBe(200);
      ids.push(res.body.transcript_id);
    }
    for (const id of ids)
      expect((await waitForStatus(world.app, id, [SessionStatus.READY], 120_000)).status).toBe('READY');
    const [fromText, fromSubtitles] = await Promise.all(ids.map((id) => storedCues(world.app, id)));
    // 0.4 s a word: the chatter (read as play too, docs/real-play.md), then the recap with its cue.
    const words = (t: string) => t.split(' ').length;
    const at = aside.indexOf("Let's go ahead");
    const [chatter, told] = [aside.slice(0, at).trim(), `${aside.slice(at)} ${recap}`];
    const cut = words(chatter) * 400;
    expect(fromText.slice(0, 2).map(({ tableTalk: _, ...cue }) => cue)).toEqual([
      { startMs: 0, endMs: cut, speaker: 'Matt', text: chatter },
      { startMs: cut, endMs: cut + words(told) * 400, speaker: 'Matt', text: told },
    ]);
    expect(fromText[1].tableTalk).toBe(false);
    expect(fromText.map((c) => c.text)).toEqual([chatter, told, ...after]);
    expect(fromSubtitles.map((c) => c.text)).toEqual([`${aside} ${recap}`, ...after]);
  }, 180_000);
});

describe('retrying an imported session', () => {
  it('goes the import path again: no audio stages, its lines kept, READY', async () => {
    const res = await importByRest(world.owner, 'retry.srt', Buffer.from(SRT));
    const id = res.body.transcript_id as string;
    await waitForStatus(world.app, id, [SessionStatus.READY], 120_000);
    await world.app.workflows.getHandle(`session-${id}`).result();
    const before = await storedCues(world.app, id);
    // As a run that gave up would leave it (an engine down through every attempt).
    await world.app.orm.em
      .fork()
      .getConnection()
      .execute("update sessions set status = 'FAILED', failure_reason = 'Summarizing failed' where id = ?", [id]);
    const retried = await world.owner.client.gql('mutation($id: ID!) { retrySession(id: $id) { status } }', { id });
    expect(retried.body.errors).toBeUndefined();
    const session = await waitForStatus(world.app, id, [SessionStatus.READY, SessionStatus.FAILED], 120_000);
    expect({ status: session.status, reason: session.failureReason ?? null }).toEqual({
      status: SessionStatus.READY,
      reason: null,
    });
    expect(withoutMarks(await storedCues(world.app, id))).toEqual(withoutMarks(before));
    const handle = world.app.workflows.getHandle(`session-${id}`);
    await handle.result();
    const activities = (await handle.fetchHistory()).events!.flatMap((e) =>
      e.activityTaskScheduledEventAttributes ? [e.activityTaskScheduledEventAttributes.activityType!.name] : [],
    );
    expect(activities).toEqual(expect.arrayContaining(['sessionSource', 'assembleTranscript', 'summarizeSession']));
    expect(activities).not.toContain('probeAudio');
  }, 240_000);
});

describe('refusals', () => {
  const snapshot = async () => ({
    sessions: await countRows(world.app, 'sessions'),
    lines: await countRows(world.app, 'transcript_segments'),
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
      const gql = await importByGraphql(world.owner, fileName, bytes);
      expect(gql.body.errors?.[0]).toMatchObject({ message });
      const rest = await importByRest(world.owner, fileName, bytes);
      expect(rest.body).toMatchObject({ error: message });
      expect(rest.status).toBe(message === TRANSCRIPT_MESSAGES.tooLarge ? 413 : 400);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('refuses a form without a file or a campaign', async () => {
    const noFile = await postForm(world.owner.client, '/api/import_transcript/', [
      { name: 'campaign_id', value: world.campaignId },
    ]);
    expect(noFile.body).toMatchObject({ error: IMPORT_MESSAGES.fileRequired });
    const noCampaign = await postForm(world.owner.client, '/api/import_transcript/', [
      { name: 'file', value: { fileName: 'a.txt', type: 'text/plain', bytes: Buffer.from('hi') } },
    ]);
    expect(noCampaign.body).toMatchObject({ error: IMPORT_MESSAGES.campaignRequired, field: 'campaign_id' });
  });

  it('lets only the owner import: a recipient is forbidden, a stranger gets not found, nothing is created', async () => {
    const before = await snapshot();
    const asRecipient = await importByGraphql(world.recipient, 'mine.vtt', Buffer.from(VTT));
    expect(asRecipient.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const asStranger = await importByRest(world.stranger, 'mine.vtt', Buffer.from(VTT));
    const unknown = await importByRest(world.stranger, 'mine.vtt', Buffer.from(VTT), randomUUID());
    expect(asStranger.status).toBe(404);
    expect(asStranger.body).toEqual(unknown.body);
    const anonymous = await postForm(signedOut(world.app).client, '/api/import_transcript/', []);
    expect(anonymous.status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});
