import { MockActivityEnvironment } from '@temporalio/testing';
import { summaryRefreshWorkflowId } from '@questlog/workflows';
import {
  appWithUsers,
  createCampaign,
  createSession,
  createSharedCampaign,
  type TestUser,
} from '../../../test/factories';
import { startProcessingApp } from '../../../test/processing';
import { addTimedTranscript, grantQaAccess, type TimedLine } from '../../../test/transcripts';
import { LexicalTableTalkClassifier } from '../../engines/table-talk/lexical-classifier';
import type { Engines } from '../../engines/engines';
import { transcriptActivities } from '../../processing/transcript.activities';
import { activityDeps } from '../../../test/activity-deps';
import { Session, SessionStatus } from '../../kernel/entities/session.entity';
import { TranscriptSegment } from '../../kernel/entities/transcript-segment.entity';

const LINES = `query($id: ID!) { session(id: $id) { fullTranscript transcriptLines { id startMs endMs text tableTalk } } }`;
const FLIP = `mutation($lineId: ID!, $tableTalk: Boolean!) {
  setLineTableTalk(lineId: $lineId, tableTalk: $tableTalk) { id position startMs endMs text tableTalk }
}`;
const EDIT_LINE = `mutation($lineId: ID!, $text: String!) {
  editTranscriptLine(lineId: $lineId, text: $text) { id position startMs endMs text tableTalk }
}`;
const ASK = 'mutation($input: AskInput!) { ask(input: $input) { found citations { startMs quote tableTalk } } }';

const GAME_NIGHT: TimedLine[] = [
  { startMs: 0, text: 'The party meets Thoren at the gate of the keep.' },
  { startMs: 6_000, text: 'The silver key lies hidden under the altar of Vorn.' },
  { startMs: 14_000, text: 'Who wants pizza? I am ordering two large pizzas now.', tableTalk: true },
  { startMs: 21_000, text: 'The lich Morwen sleeps in the flooded crypt below the chapel.', tableTalk: true },
  { startMs: 30_000, text: 'The goblins attack the wagon at dusk.' },
];

/** A READY session with timed lines as the pipeline leaves them, indexed by its own index stage. */
async function seededSession(campaignId: string, lines: TimedLine[] = GAME_NIGHT): Promise<string> {
  const session = await createSession(ctx.app, campaignId);
  await addTimedTranscript(ctx.app, session.id, lines);
  return session.id;
}

async function lines(user: TestUser, sessionId: string) {
  const res = await user.client.gql(LINES, { id: sessionId });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.session as {
    fullTranscript: string;
    transcriptLines: Array<{ id: string; startMs: number; endMs: number; text: string; tableTalk: boolean }>;
  };
}

async function storedWords(lineId: string) {
  const segment = await ctx.app.orm.em.fork().findOneOrFail(TranscriptSegment, lineId);
  return segment.words.map((w) => `${w.word}@${w.startMs}`);
}

async function ask(user: TestUser, sessionId: string, question: string) {
  const res = await user.client.gql(ASK, { input: { sessionId, question } });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.ask as { found: boolean; citations: Array<{ quote: string; tableTalk: boolean }> };
}

/** What the answer quotes as the story: a table-talk line may still be cited, labelled as said at the table. */
const quotes = (answer: { citations: Array<{ quote: string; tableTalk: boolean }> }) =>
  answer.citations
    .filter((c) => !c.tableTalk)
    .map((c) => c.quote)
    .join(' ');

// Its own Temporal namespace: corrections start summary refreshes, which no worker runs here.
const ctx = appWithUsers(['owner', 'recipient', 'stranger'], startProcessingApp);
let campaignId: string;

beforeAll(async () => {
  await grantQaAccess(ctx.owner);
  campaignId = await createSharedCampaign(ctx.owner, ctx.recipient, 'Keep on the Borderlands');
});

describe('setLineTableTalk', () => {
  it('flips a line both ways: the mark, Q&A at once, the correction kept and a summary refresh started', async () => {
    const id = await seededSession(campaignId);
    const [, key, , lich] = (await lines(ctx.owner, id)).transcriptLines;
    expect(quotes(await ask(ctx.owner, id, 'Where is the silver key hidden?'))).toContain('altar of Vorn');
    expect(quotes(await ask(ctx.owner, id, 'Where does the lich Morwen sleep?'))).not.toContain('flooded crypt');

    const toTable = await ctx.owner.client.gql(FLIP, { lineId: key.id, tableTalk: true });
    expect(toTable.body.errors).toBeUndefined();
    expect(toTable.body.data.setLineTableTalk).toEqual({ ...key, position: 1, tableTalk: true });
    const toGame = await ctx.owner.client.gql(FLIP, { lineId: lich.id, tableTalk: false });
    expect(toGame.body.data.setLineTableTalk).toMatchObject({ id: lich.id, startMs: 21_000, tableTalk: false });

    // Q&A reads the in-game lines first: the key is no longer told as the story, the lich now is.
    expect(quotes(await ask(ctx.owner, id, 'Where is the silver key hidden?'))).not.toContain('altar of Vorn');
    expect(quotes(await ask(ctx.owner, id, 'Where does the lich Morwen sleep?'))).toContain('flooded crypt');
    expect((await lines(ctx.recipient, id)).transcriptLines.map((l) => l.tableTalk)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);

    const corrections = await ctx.app.orm.em
      .fork()
      .getConnection()
      .execute(
        'select campaign_id, segment_id, text, table_talk from table_talk_corrections where campaign_id = ? order by text',
        [campaignId],
      );
    expect(corrections).toEqual([
      { campaign_id: campaignId, segment_id: lich.id, text: lich.text, table_talk: false },
      { campaign_id: campaignId, segment_id: key.id, text: key.text, table_talk: true },
    ]);
    const refresh = await ctx.app.workflows.getHandle(summaryRefreshWorkflowId(id)).describe();
    expect(refresh.type).toBe('refreshSessionSummaries');

    // Flipped back: one correction per line, its latest label, and the key is found again.
    await ctx.owner.client.gql(FLIP, { lineId: key.id, tableTalk: false });
    expect(quotes(await ask(ctx.owner, id, 'Where is the silver key hidden?'))).toContain('altar of Vorn');
    const [again] = await ctx.app.orm.em
      .fork()
      .getConnection()
      .execute('select count(*)::int as n, bool_or(table_talk) as t from table_talk_corrections where segment_id = ?', [
        key.id,
      ]);
    expect(again).toEqual({ n: 1, t: false });
  });

  it('refuses recipients as read-only and strangers exactly like a missing line, changing nothing', async () => {
    const id = await seededSession(campaignId);
    const before = await lines(ctx.owner, id);
    const line = before.transcriptLines[1];
    const refused = await ctx.recipient.client.gql(FLIP, { lineId: line.id, tableTalk: true });
    expect(refused.body.errors?.[0]).toMatchObject({
      message: 'This campaign is shared with you read-only',
      extensions: { code: 'FORBIDDEN' },
    });
    const strangers = await Promise.all([
      ctx.stranger.client.gql(FLIP, { lineId: line.id, tableTalk: true }),
      ctx.owner.client.gql(FLIP, { lineId: '00000000-0000-4000-8000-000000000000', tableTalk: true }),
      ctx.owner.client.gql(FLIP, { lineId: 'not-a-line', tableTalk: true }),
      ctx.stranger.client.gql(EDIT_LINE, { lineId: line.id, text: 'Mine now.' }),
    ]);
    for (const res of strangers) {
      expect(res.body.data).toBeNull();
      expect(res.body.errors).toEqual([
        expect.objectContaining({ message: 'Transcript line not found', extensions: { code: 'NOT_FOUND' } }),
      ]);
    }
    expect(await lines(ctx.owner, id)).toEqual(before);
    const count = await ctx.app.orm.em
      .fork()
      .getConnection()
      .execute('select count(*)::int as n from table_talk_corrections where segment_id = ?', [line.id]);
    expect(count).toEqual([{ n: 0 }]);
  });

  it('waits for the session to be finished, as every content edit does', async () => {
    const id = await seededSession(campaignId);
    const [line] = (await lines(ctx.owner, id)).transcriptLines;
    await ctx.app.orm.em.fork().nativeUpdate(Session, { id }, { status: SessionStatus.FAILED });
    const res = await ctx.owner.client.gql(FLIP, { lineId: line.id, tableTalk: true });
    expect(res.body.errors?.[0].extensions?.code).toBe('CONFLICT');
  });
});

describe("the campaign's table-talk filter learns from corrections", () => {
  /** Lines of a cyberpunk crew that the shared classifier takes for table talk (engines/table-talk/corrections.test.ts). */
  const CREW: TimedLine[] = [
    { startMs: 0, text: 'Zara texts the syndicate that the job is done.', tableTalk: true },
    { startMs: 5_000, text: 'Her phone buzzes, a new message from the fixer.', tableTalk: true },
    { startMs: 10_000, text: 'The courier brings the pizza to the safehouse.', tableTalk: true },
  ];
  const NEXT_NIGHT: TimedLine[] = [
    { startMs: 0, text: 'Zara texts the fixer that the courier is late.' },
    { startMs: 30_000, text: 'Sorry, my phone is ringing, it is my mom, one second.' },
    { startMs: 60_000, text: 'The courier drops the pizza at the safehouse door.' },
  ];

  async function filter(sessionId: string): Promise<boolean[]> {
    const engines = { tableTalk: new LexicalTableTalkClassifier() } as unknown as Engines;
    const activities = transcriptActivities(activityDeps(ctx.app, engines));
    await new MockActivityEnvironment().run(activities.filterTableTalk, { sessionId });
    return (await lines(ctx.owner, sessionId)).transcriptLines.map((l) => l.tableTalk);
  }

  it('in a new session of the same campaign, and not in another campaign', async () => {
    const crew = await createCampaign(ctx.owner, 'Neon Sprawl');
    const other = await createCampaign(ctx.owner, 'Another table');
    expect(await filter(await seededSession(crew, NEXT_NIGHT))).toEqual([true, true, true]);

    const first = await seededSession(crew, CREW);
    for (const line of (await lines(ctx.owner, first)).transcriptLines) {
      expect((await ctx.owner.client.gql(FLIP, { lineId: line.id, tableTalk: false })).body.errors).toBeUndefined();
    }

    expect(await filter(await seededSession(crew, NEXT_NIGHT))).toEqual([false, true, false]);
    expect(await filter(await seededSession(other, NEXT_NIGHT))).toEqual([true, true, true]);
  });
});

describe('editTranscriptLine', () => {
  it('keeps the line’s times and its unchanged words’ times, re-indexes it and learns the name', async () => {
    const id = await seededSession(campaignId);
    const before = await lines(ctx.owner, id);
    const [first] = before.transcriptLines;
    const res = await ctx.owner.client.gql(EDIT_LINE, {
      lineId: first.id,
      text: '  The party meets Thorin\nat the gate of the keep.  ',
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.editTranscriptLine).toEqual({
      ...first,
      position: 0,
      text: 'The party meets Thorin at the gate of the keep.',
    });
    expect(await storedWords(first.id)).toEqual([
      'The@0',
      'party@400',
      'meets@800',
      'Thorin@1200',
      'at@1600',
      'the@2000',
      'gate@2400',
      'of@2800',
      'the@3200',
      'keep.@3600',
    ]);

    const after = await lines(ctx.owner, id);
    expect(after.transcriptLines.slice(1)).toEqual(before.transcriptLines.slice(1));
    expect(after.fullTranscript.split('\n')).toEqual([
      '[00:00:00] The party meets Thorin at the gate of the keep.',
      '[00:00:06] The silver key lies hidden under the altar of Vorn.',
      '[00:00:14] Who wants pizza? I am ordering two large pizzas now.',
      '[00:00:21] The lich Morwen sleeps in the flooded crypt below the chapel.',
      '[00:00:30] The goblins attack the wagon at dusk.',
    ]);
    expect(quotes(await ask(ctx.owner, id, 'Where does the party meet Thorin?'))).toContain('meets Thorin');
    const vocabulary = await ctx.owner.client.gql('query($id: ID!) { campaign(id: $id) { vocabulary } }', {
      id: campaignId,
    });
    expect(vocabulary.body.data.campaign.vocabulary).toContain('Thorin');
  });

  it('refuses an empty line with a clear message and recipients as read-only, changing nothing', async () => {
    const id = await seededSession(campaignId);
    const before = await lines(ctx.owner, id);
    const line = before.transcriptLines[4];
    const empty = await ctx.owner.client.gql(EDIT_LINE, { lineId: line.id, text: ' \n ' });
    expect(empty.body.errors?.[0]).toMatchObject({
      message: 'A line cannot be empty. To remove a line, edit the full transcript.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const refused = await ctx.recipient.client.gql(EDIT_LINE, { lineId: line.id, text: 'Rewritten.' });
    expect(refused.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await lines(ctx.owner, id)).toEqual(before);
  });
});

describe('the REST full-text edit', () => {
  it('is mapped back onto the lines: unchanged lines keep their ids and times, the edited one its time', async () => {
    const id = await seededSession(campaignId);
    const before = (await lines(ctx.owner, id)).transcriptLines;
    const edited = before.map((l) => (l.startMs === 30_000 ? 'The goblins ambush the wagon at dusk.' : l.text));
    const res = await ctx.owner.client.post(`/api/update_transcript/${id}/`, { new_text: edited.join('\n') });
    expect(res.body).toEqual({ success: true, message: 'Content updated successfully' });
    const after = (await lines(ctx.owner, id)).transcriptLines;
    expect(after.slice(0, 4)).toEqual(before.slice(0, 4));
    expect(after[4]).toEqual({ ...before[4], text: 'The goblins ambush the wagon at dusk.' });
    expect(await storedWords(after[4].id)).toEqual([
      'The@30000',
      'goblins@30400',
      'ambush@30800',
      'the@31200',
      'wagon@31600',
      'at@32000',
      'dusk.@32400',
    ]);
  });
});
