import { createReadStream, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8 } from 'fflate';
import { summaryRefreshWorkflowId } from '@questlog/workflows';
import { appWithUsers, createSession, createSharedCampaign, type TestUser } from '../../test/factories';
import { startProcessingAppWithWorker } from '../../test/processing';
import { runCommand } from '../adapters/process/run-command';
import { sessionAudioKey } from '../storage/storage-key';
import { addTranscript, grantQaAccess } from '../../test/transcripts';
import { loudestDb } from '../../test/audio-fixtures';
import { download, EVERYTHING, holding, LINE_SECRET, readAll, SUMMARY_SECRET } from '../../test/gm-only-reads';

/*
 * Issue 15: GM-only content is invisible to a recipient through every API: the owner marks a line
 * and a session's summaries GM-only through the real mutations, then every read path a recipient
 * has is read as the recipient (none may hold a secret word) and as the owner (who must find each
 * secret, so the check is not vacuous). Q&A's "declined exactly as an absent fact" has its own test
 * (modules/qa/qa.gm-only.test.ts); here it is one more path that must not say the secret.
 */

const ctx = appWithUsers(['owner', 'recipient'], startProcessingAppWithWorker);
let campaignId: string;
let lineSession: string;
let summarySession: string;
const night = () => ({ app: ctx.app, campaignId, lineSession, summarySession });

beforeAll(async () => {
  await Promise.all([grantQaAccess(ctx.owner), grantQaAccess(ctx.recipient)]);
  campaignId = await createSharedCampaign(ctx.owner, ctx.recipient, 'The Obsidian Road');

  // A session with one secret line; its summaries are written from its lines (refreshed below).
  lineSession = (
    await createSession(ctx.app, campaignId, {
      title: 'Session 1: The Gate',
      playedOn: '2026-11-01',
      briefSummary: '',
      moderateSummary: '',
      detailedSummary: '',
      summaryVeryShort: '',
    })
  ).id;
  await addTranscript(ctx.app, lineSession, [
    { text: 'A scarred smith named Vessaline greets the party at the gate of Morrowgate.' },
    { text: 'The party promises Vessaline to find her stolen hammer in the Whispering Caves.' },
    { text: `${LINE_SECRET} the lich secretly rules the Obsidian Spire and watches the party from afar.` },
    { text: 'Goblins ambush the wagon on the road south of Morrowgate at dusk.' },
  ]);
  // Its recording, 80 s of tone: the secret line is 40–59.5 s (addTranscript's 20 s a line).
  const wav = path.join(os.tmpdir(), `gm-only-${process.pid}.wav`);
  await runCommand('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:duration=80',
    '-ac',
    '1',
    wav,
  ]);
  const key = sessionAudioKey(lineSession, '.wav');
  await ctx.app.storage.put(key, createReadStream(wav));
  await fs.rm(wav);
  await ctx.app.orm.em
    .fork()
    .execute(`update sessions set storage_key = ?, mime_type = 'audio/wav' where id = ?`, [key, lineSession]);
  // A session whose hand-written summaries give a secret away.
  summarySession = (
    await createSession(ctx.app, campaignId, {
      title: 'Session 2: The Caves',
      playedOn: '2026-11-08',
      briefSummary: `<p>${SUMMARY_SECRET} is the traitor.</p>`,
      moderateSummary: `${SUMMARY_SECRET} betrays the party in the caves.`,
      detailedSummary: `In the caves, ${SUMMARY_SECRET} betrays the party to the goblins.`,
      summaryVeryShort: `${SUMMARY_SECRET} betrays the party`,
    })
  ).id;
  await addTranscript(ctx.app, summarySession, [
    { text: 'The party enters the Whispering Caves with torches lit.' },
    { text: 'Vessaline finds her stolen hammer behind a goblin totem.' },
  ]);

  // The stored full text is what the pipeline writes: the lines as `[hh:mm:ss] text`.
  await ctx.app.orm.em.fork().execute(
    `update sessions s set full_transcript = (
       select string_agg('[' || to_char(t.start_ms / 1000 * interval '1 second', 'HH24:MI:SS') || '] ' || t.text,
                         E'\\n' order by t.position)
       from transcript_segments t where t.session_id = s.id)
     where s.id in (?, ?)`,
    [lineSession, summarySession],
  );
  const lines = await ctx.owner.client.gql('query($id: ID!) { session(id: $id) { transcriptLines { id text } } }', {
    id: lineSession,
  });
  const secret = lines.body.data.session.transcriptLines.find((l: { text: string }) => l.text.includes(LINE_SECRET));
  const marked = await ctx.owner.client.gql(
    'mutation($l: ID!) { setLineGmOnly(lineId: $l, gmOnly: true) { id gmOnly text } }',
    { l: secret.id },
  );
  expect(marked.body.data.setLineGmOnly).toEqual({ id: secret.id, gmOnly: true, text: secret.text });
  const hidden = await ctx.owner.client.gql(
    'mutation($id: ID!) { setSessionSummariesGmOnly(id: $id, gmOnly: true) { summariesGmOnly briefSummary } }',
    { id: summarySession },
  );
  expect(hidden.body.data.setSessionSummariesGmOnly).toEqual({
    summariesGmOnly: true,
    briefSummary: `<p>${SUMMARY_SECRET} is the traitor.</p>`,
  });
  // The flip started a summary refresh: the session's summaries are written again from its lines.
  await ctx.app.workflows.getHandle(summaryRefreshWorkflowId(lineSession)).result();
}, 180_000);

describe('GM-only lines and summaries (issue 15)', () => {
  it('reach a recipient through no read path: GraphQL, REST, exports, index, threads, recap, Q&A', async () => {
    const reads = await readAll(night(), ctx.recipient);
    expect(holding(reads, LINE_SECRET)).toEqual([]);
    expect(holding(reads, SUMMARY_SECRET)).toEqual([]);
    // What is not GM-only still reaches them (the reads are real, not empty).
    expect(holding(reads, 'Vessaline').length).toBeGreaterThan(8);
  });

  it('stay the owner’s: their transcript, lines, summaries and exports hold them, marked', async () => {
    const reads = await readAll(night(), ctx.owner);
    expect(holding(reads, LINE_SECRET)).toEqual(
      expect.arrayContaining([
        'graphql',
        'REST get_session_details (line)',
        'REST session export.md (line)',
        'REST transcript.vtt',
        'REST transcript.srt',
        'REST campaign export.md',
        'REST vault.zip',
        'GraphQL ask',
      ]),
    );
    expect(holding(reads, SUMMARY_SECRET)).toEqual(
      expect.arrayContaining([
        'graphql',
        'REST get_session_details (summaries)',
        'REST get_campaign_and_summary',
        'REST session export.md (summaries)',
      ]),
    );
    expect(reads['REST session export.md (line)']).toMatch(new RegExp(`${LINE_SECRET}.*\\*\\(GM only\\)\\*`));
  });

  it('stay out of what everyone reads, for the owner too: generated summaries, campaign summaries, the index', async () => {
    const res = await ctx.owner.client.gql(EVERYTHING, { c: campaignId, a: lineSession, b: summarySession });
    const { campaign, a } = res.body.data;
    // Regenerated after the flip, from the lines everyone may read.
    expect(a.detailedSummary).toContain('Vessaline');
    expect(JSON.stringify([a.briefSummary, a.moderateSummary, a.detailedSummary, a.summaryVeryShort])).not.toContain(
      LINE_SECRET,
    );
    expect(JSON.stringify(campaign.summaries)).not.toMatch(new RegExp(`${LINE_SECRET}|${SUMMARY_SECRET}`));
    expect(JSON.stringify(campaign.index)).not.toContain(LINE_SECRET);
    expect(campaign.index.map((e: { name: string }) => e.name)).toContain('Vessaline');
    expect(a.transcriptLines.filter((l: { gmOnly: boolean }) => l.gmOnly)).toEqual([
      { text: expect.stringContaining(LINE_SECRET), gmOnly: true },
    ]);
  });

  it('a line shared again reaches the recipient at once, index included', async () => {
    const lines = await ctx.owner.client.gql('query($id: ID!) { session(id: $id) { transcriptLines { id gmOnly } } }', {
      id: lineSession,
    });
    const secret = lines.body.data.session.transcriptLines.find((l: { gmOnly: boolean }) => l.gmOnly);
    const flip = (gmOnly: boolean) =>
      ctx.owner.client.gql('mutation($l: ID!, $g: Boolean!) { setLineGmOnly(lineId: $l, gmOnly: $g) { gmOnly } }', {
        l: secret.id,
        g: gmOnly,
      });
    expect((await flip(false)).body.data.setLineGmOnly).toEqual({ gmOnly: false });
    try {
      const shared = await ctx.recipient.client.gql(EVERYTHING, { c: campaignId, a: lineSession, b: summarySession });
      expect(shared.body.data.a.fullTranscript).toContain(LINE_SECRET);
      expect(shared.body.data.campaign.index.map((e: { name: string }) => e.name)).toContain(LINE_SECRET);
    } finally {
      expect((await flip(true)).body.data.setLineGmOnly).toEqual({ gmOnly: true });
      await ctx.app.workflows.getHandle(summaryRefreshWorkflowId(lineSession)).result();
    }
    const again = await ctx.recipient.client.gql(EVERYTHING, { c: campaignId, a: lineSession, b: summarySession });
    expect(JSON.stringify(again.body)).not.toContain(LINE_SECRET);
  });

  it('a recipient hears the recording silent over GM-only lines, and nothing until that copy is made', async () => {
    const played = async (user: TestUser) => {
      const res = await download(ctx.app, user, `/api/sessions/${lineSession}/audio`);
      expect(res.status).toBe(200);
      const file = path.join(os.tmpdir(), `gm-only-played-${process.pid}`);
      await fs.writeFile(file, res.bytes);
      try {
        return {
          before: await loudestDb(file, 10),
          secret: await loudestDb(file, 45),
          after: await loudestDb(file, 65),
        };
      } finally {
        await fs.rm(file);
      }
    };
    const theirs = await played(ctx.recipient);
    expect(theirs.secret).toBeLessThan(-80);
    expect(theirs.before).toBeGreaterThan(-30);
    expect(theirs.after).toBeGreaterThan(-30);
    expect((await played(ctx.owner)).secret).toBeGreaterThan(-30);

    // Marks changed and no copy made for them yet: a recipient gets nothing rather than a secret.
    const db = ctx.app.orm.em.fork();
    await db.execute('update transcript_segments set gm_only = true where session_id = ? and position = 3', [
      lineSession,
    ]);
    try {
      const waiting = await download(ctx.app, ctx.recipient, `/api/sessions/${lineSession}/audio`);
      expect({ status: waiting.status, body: JSON.parse(strFromU8(waiting.bytes)) }).toEqual({
        status: 409,
        body: { code: 'CONFLICT', error: 'The recording is being prepared. Please try again in a minute.' },
      });
      expect((await download(ctx.app, ctx.owner, `/api/sessions/${lineSession}/audio`)).status).toBe(200);
    } finally {
      await db.execute('update transcript_segments set gm_only = false where session_id = ? and position = 3', [
        lineSession,
      ]);
    }
  });

  it('only the owner marks: a recipient is read-only, bad values are refused, and nothing changes', async () => {
    const lines = await ctx.owner.client.gql('query($id: ID!) { session(id: $id) { transcriptLines { id } } }', {
      id: lineSession,
    });
    const line = lines.body.data.session.transcriptLines[0];
    const refusals = [
      await ctx.recipient.client.gql('mutation($l: ID!) { setLineGmOnly(lineId: $l, gmOnly: true) { id } }', {
        l: line.id,
      }),
      await ctx.recipient.client.gql(
        'mutation($id: ID!) { setSessionSummariesGmOnly(id: $id, gmOnly: false) { id } }',
        {
          id: summarySession,
        },
      ),
    ];
    for (const res of refusals) {
      expect(res.body.errors?.[0]).toMatchObject({
        message: 'This campaign is shared with you read-only',
        extensions: { code: 'FORBIDDEN' },
      });
    }
    const after = await ctx.owner.client.gql(
      'query($a: ID!, $b: ID!) { a: session(id: $a) { transcriptLines { gmOnly } } b: session(id: $b) { summariesGmOnly } }',
      { a: lineSession, b: summarySession },
    );
    expect(after.body.data.a.transcriptLines[0].gmOnly).toBe(false);
    expect(after.body.data.b.summariesGmOnly).toBe(true);
  });
});
