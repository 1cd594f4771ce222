import { startTestApp, type TestApp } from '../../../test/app';
import { createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import { addTranscript, LINE_SECONDS, type Line } from '../../../test/transcripts';
import { clock } from '../../engines/text/clock';
import type { ProcessingDeps } from '../../processing/activities/activity-deps';
import { transcriptActivities } from '../../processing/activities/transcript-activities';
import { rankOf } from './qa.sql';

// What Q&A reads instead of counting per question (qa_session_lexemes, qa_campaign_lexemes,
// qa_session_lines, each over all in-game lines and over the open ones a recipient may read) is
// kept by triggers; after every way a transcript changes it must equal a count made from scratch.
// The rank read off each line's qa_repeated_lexemes must equal ts_rank_cd's.

const AMBUSH: Line[] = [
  { text: 'The goblins ambush the wagon on the Triboar Trail.' },
  { text: 'Who wants more nachos?', tableTalk: true },
  { text: 'Sildar is dragged away by the goblins.' },
  { text: 'The party follows the goblin trail into the woods.' },
];
const CAVE: Line[] = [
  { text: 'Klarg the bugbear guards the goblin cave.' },
  { text: 'The wolves howl in the dark.' },
  { text: 'Pass the goblin cookies please.', tableTalk: true },
];
const MISTS: Line[] = [{ text: 'Mist rolls over Barovia and the wolves howl.' }];

const full = (lines: string[]) => lines.map((text, i) => `[${clock(i * LINE_SECONDS * 1000)}] ${text}`).join('\n');

let app: TestApp;
let owner: TestUser;
let lostMine: string;
let strahd: string;
let ambush: string;
let cave: string;
let mists: string;

const sql = <T extends object>(query: string, params: unknown[] = []) =>
  app.orm.em.fork().getConnection().execute<T[]>(query, params);

/** The stored counts of the test's campaigns and sessions beside the same counted from the lines. */
async function counts() {
  const campaigns = [lostMine, strahd];
  const lexemes = (from: string) =>
    sql<{ campaign_id: string; lexeme: string; segments: number; open_segments: number }>(
      `select campaign_id, lexeme, segments::int, open_segments::int from (${from}) x
       where campaign_id in (?, ?) order by campaign_id, lexeme`,
      campaigns,
    );
  const sessionLexemes = (from: string) =>
    sql<{ session_id: string; lexeme: string; segments: number; open_segments: number }>(
      `select x.session_id, lexeme, segments::int, open_segments::int from (${from}) x
       join sessions se on se.id = x.session_id where se.campaign_id in (?, ?) order by x.session_id, lexeme`,
      campaigns,
    );
  const lines = (from: string) =>
    sql<{ session_id: string; lines: number; open_lines: number }>(
      `select se.id as session_id, coalesce(x.lines, 0)::int as lines, coalesce(x.open_lines, 0)::int as open_lines
       from sessions se left join (${from}) x on x.session_id = se.id where se.campaign_id in (?, ?) order by se.id`,
      campaigns,
    );
  const counted = `select s.session_id, se.campaign_id, l.lexeme, count(*) as segments,
      count(*) filter (where not s.gm_only) as open_segments
    from transcript_segments s join sessions se on se.id = s.session_id,
      unnest(tsvector_to_array(s.search_vector)) as l(lexeme)
    where not s.table_talk group by s.session_id, se.campaign_id, l.lexeme`;
  return {
    stored: {
      lexemes: await lexemes('select campaign_id, lexeme, segments, open_segments from qa_campaign_lexemes'),
      sessionLexemes: await sessionLexemes(
        'select session_id, lexeme, segments, open_segments from qa_session_lexemes',
      ),
      lines: await lines('select session_id, lines, open_lines from qa_session_lines'),
    },
    counted: {
      lexemes: await lexemes(
        `select campaign_id, lexeme, sum(segments) as segments, sum(open_segments) as open_segments
         from (${counted}) c group by campaign_id, lexeme`,
      ),
      sessionLexemes: await sessionLexemes(counted),
      lines: await lines(
        `select session_id, count(*) filter (where not table_talk) as lines,
           count(*) filter (where not table_talk and not gm_only) as open_lines
         from transcript_segments group by session_id`,
      ),
    },
  };
}

/** Every line of the test's campaigns whose rank, asked for all its own lexemes, is not ts_rank_cd's. */
async function misranked() {
  return sql<{ text: string; rank: number; expected: number }>(
    `select s.text, ${rankOf(
      's',
      () => 'x.query',
      () => 'x.lexemes',
    )} as rank, ts_rank_cd(s.search_vector, x.query, 32) as expected
     from transcript_segments s join sessions se on se.id = s.session_id
     cross join lateral (select tsvector_to_array(s.search_vector) as lexemes,
       array_to_string(array(select quote_literal(l) from unnest(tsvector_to_array(s.search_vector)) l), ' | ')::tsquery as query) x
     where se.campaign_id in (?, ?)
       and ${rankOf(
         's',
         () => 'x.query',
         () => 'x.lexemes',
       )} is distinct from ts_rank_cd(s.search_vector, x.query, 32)`,
    [lostMine, strahd],
  );
}

async function expectInStep(): Promise<Awaited<ReturnType<typeof counts>>['stored']> {
  const { stored, counted } = await counts();
  expect(stored).toEqual(counted);
  expect(await misranked()).toEqual([]);
  return stored;
}

const segments = (
  stored: { lexemes: Array<{ campaign_id: string; lexeme: string; segments: number; open_segments: number }> },
  campaign: string,
  lexeme: string,
  count: 'segments' | 'open_segments' = 'segments',
) => stored.lexemes.find((r) => r.campaign_id === campaign && r.lexeme === lexeme)?.[count] ?? 0;

async function lineId(sessionId: string, position: number): Promise<string> {
  const [row] = await sql<{ id: string }>('select id from transcript_segments where session_id = ? and position = ?', [
    sessionId,
    position,
  ]);
  return row.id;
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await createUser(app);
  lostMine = await createCampaign(owner, 'Lost Mine');
  strahd = await createCampaign(owner, 'Curse of Strahd');
  ambush = (await createSession(app, lostMine, { fullTranscript: full(AMBUSH.map((l) => l.text)) })).id;
  cave = (await createSession(app, lostMine, { fullTranscript: full(CAVE.map((l) => l.text)) })).id;
  mists = (await createSession(app, strahd, { fullTranscript: full(MISTS.map((l) => l.text)) })).id;
  await addTranscript(app, ambush, AMBUSH);
  await addTranscript(app, cave, CAVE);
  await addTranscript(app, mists, MISTS);
}, 60_000);
afterAll(() => app?.close());

it('counts a campaign’s in-game lines per lexeme over its sessions, and each session’s in-game lines', async () => {
  const stored = await expectInStep();
  // Lines holding "goblin" in game: three of the ambush, one in the cave; table talk does not count.
  expect(segments(stored, lostMine, 'goblin')).toBe(4);
  expect(segments(stored, lostMine, 'wolv')).toBe(1);
  expect(segments(stored, strahd, 'wolv')).toBe(1);
  expect(segments(stored, lostMine, 'nacho')).toBe(0);
  expect(stored.lines.find((r) => r.session_id === ambush)?.lines).toBe(3);
});

it('stays in step when a session is indexed again', async () => {
  await transcriptActivities({ orm: app.orm } as ProcessingDeps).indexTranscript({ sessionId: ambush });
  expect(segments(await expectInStep(), lostMine, 'goblin')).toBe(4);
});

it('stays in step when a line is marked table talk, or in game again', async () => {
  const line = await lineId(cave, 0);
  const mark = 'mutation($l: ID!, $t: Boolean!) { setLineTableTalk(lineId: $l, tableTalk: $t) { tableTalk } }';
  expect((await owner.client.gql(mark, { l: line, t: true })).body.errors).toBeUndefined();
  const stored = await expectInStep();
  expect(segments(stored, lostMine, 'bugbear')).toBe(0);
  expect((await owner.client.gql(mark, { l: line, t: false })).body.errors).toBeUndefined();
  expect(segments(await expectInStep(), lostMine, 'bugbear')).toBe(1);
});

it('counts a line kept GM-only among all in-game lines but not the open ones, and again once shared', async () => {
  const line = await lineId(cave, 0);
  const mark = 'mutation($l: ID!, $g: Boolean!) { setLineGmOnly(lineId: $l, gmOnly: $g) { gmOnly } }';
  expect((await owner.client.gql(mark, { l: line, g: true })).body.errors).toBeUndefined();
  let stored = await expectInStep();
  expect(segments(stored, lostMine, 'bugbear')).toBe(1);
  expect(segments(stored, lostMine, 'bugbear', 'open_segments')).toBe(0);
  expect(segments(stored, lostMine, 'goblin', 'open_segments')).toBe(3);
  expect(stored.lines.find((r) => r.session_id === cave)).toMatchObject({ lines: 2, open_lines: 1 });
  // Indexed again, a GM-only line stays out of the open counts.
  await transcriptActivities({ orm: app.orm } as ProcessingDeps).indexTranscript({ sessionId: cave });
  expect(segments(await expectInStep(), lostMine, 'bugbear', 'open_segments')).toBe(0);
  expect((await owner.client.gql(mark, { l: line, g: false })).body.errors).toBeUndefined();
  stored = await expectInStep();
  expect(segments(stored, lostMine, 'bugbear', 'open_segments')).toBe(1);
  expect(stored.lines.find((r) => r.session_id === cave)).toMatchObject({ lines: 2, open_lines: 2 });
});

it('stays in step when one line is edited', async () => {
  const edit = 'mutation($l: ID!, $t: String!) { editTranscriptLine(lineId: $l, text: $t) { text } }';
  const res = await owner.client.gql(edit, { l: await lineId(cave, 1), t: 'The owlbear roars in the dark.' });
  expect(res.body.errors).toBeUndefined();
  const stored = await expectInStep();
  expect(segments(stored, lostMine, 'owlbear')).toBe(1);
  expect(segments(stored, lostMine, 'wolv')).toBe(0);
});

it('ranks a line that says a word twice as ts_rank_cd does, once edited so', async () => {
  const edit = 'mutation($l: ID!, $t: String!) { editTranscriptLine(lineId: $l, text: $t) { text } }';
  const line = await lineId(cave, 1);
  const res = await owner.client.gql(edit, { l: line, t: 'The owlbear roars, and the owlbear charges.' });
  expect(res.body.errors).toBeUndefined();
  await expectInStep();
  const [row] = await sql<{ repeated: string }>(
    'select qa_repeated_lexemes::text as repeated from transcript_segments where id = ?',
    [line],
  );
  expect(row.repeated).toBe("'owlbear'");
  expect((await owner.client.gql(edit, { l: line, t: 'The owlbear roars in the dark.' })).body.errors).toBeUndefined();
  await expectInStep();
});

it('stays in step when the full transcript is edited: lines removed, added and changed', async () => {
  const text = full([
    'The goblins ambush the wagon on the Triboar Trail.',
    'Who wants more nachos?',
    'A dwarf named Gundren is missing.',
    'Sildar is dragged away by the goblins.',
  ]);
  const edit =
    'mutation($id: ID!, $t: String!) { updateSessionContent(id: $id, field: FULL_TRANSCRIPT, text: $t) { id } }';
  expect((await owner.client.gql(edit, { id: ambush, t: text })).body.errors).toBeUndefined();
  const stored = await expectInStep();
  expect(segments(stored, lostMine, 'gundren')).toBe(1);
  expect(segments(stored, lostMine, 'goblin')).toBe(3);
  expect(stored.lines.find((r) => r.session_id === ambush)?.lines).toBe(3);
});

it('stays in step when two sessions of a campaign are indexed at once', async () => {
  const index = transcriptActivities({ orm: app.orm } as ProcessingDeps).indexTranscript;
  for (let round = 0; round < 5; round++)
    await Promise.all([index({ sessionId: ambush }), index({ sessionId: cave }), index({ sessionId: mists })]);
  expect(segments(await expectInStep(), lostMine, 'goblin')).toBe(3);
});

it('moves a session’s words to the campaign it is moved into', async () => {
  const move = 'mutation($id: ID!, $c: ID!) { moveSession(id: $id, campaignId: $c) { id } }';
  expect((await owner.client.gql(move, { id: cave, c: strahd })).body.errors).toBeUndefined();
  const stored = await expectInStep();
  expect(segments(stored, lostMine, 'klarg')).toBe(0);
  expect(segments(stored, strahd, 'klarg')).toBe(1);
});

it('forgets a deleted session’s words', async () => {
  const remove = 'mutation($id: ID!, $p: String!) { deleteSession(id: $id, password: $p) }';
  expect((await owner.client.gql(remove, { id: mists, p: owner.password })).body.errors).toBeUndefined();
  const stored = await expectInStep();
  expect(segments(stored, strahd, 'barovia')).toBe(0);
  expect(segments(stored, strahd, 'klarg')).toBe(1);
  expect(stored.lines.map((r) => r.session_id)).not.toContain(mists);
});
