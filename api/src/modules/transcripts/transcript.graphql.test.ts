import { type TestApp } from '../../../test/app';
import {
  appWithUsers,
  countQueries,
  createCampaign,
  createSession,
  createSharedCampaign,
  createUser,
} from '../../../test/factories';
import { addTimedTranscript, grantQaAccess } from '../../../test/transcripts';

const LINES = `query($id: ID!) { session(id: $id) { transcriptLines { position startMs endMs text tableTalk } } }`;
const EDIT = `mutation($id: ID!, $text: String!) {
  updateSessionContent(id: $id, field: FULL_TRANSCRIPT, text: $text) {
    fullTranscript transcriptLines { position startMs endMs text tableTalk }
  }
}`;
const VOCABULARY = 'query($id: ID!) { campaign(id: $id) { vocabulary } }';

/** Lines as the pipeline leaves them: session-relative times, each word timed (300 ms, 400 ms apart). */
const SEEDED = [
  { startMs: 0, text: 'The party meets Thoren at the gate.' },
  { startMs: 5_000, text: 'Who wants pizza?', tableTalk: true },
  { startMs: 42_000, text: 'They ride to crag maw castle.' },
  { startMs: 61_000, text: 'The goblins attack at dusk.' },
];

const FULL = [
  '[00:00:00] The party meets Thoren at the gate.',
  '[00:00:05] Who wants pizza?',
  '[00:00:42] They ride to crag maw castle.',
  '[00:01:01] The goblins attack at dusk.',
].join('\n');

/** A READY session with the seeded lines, indexed by the pipeline's own index stage. */
async function sessionWithLines(app: TestApp, campaignId: string): Promise<string> {
  const session = await createSession(app, campaignId, { fullTranscript: FULL });
  await addTimedTranscript(app, session.id, SEEDED);
  return session.id;
}

async function rows(app: TestApp, sessionId: string) {
  return app.orm.em
    .fork()
    .getConnection()
    .execute<
      Array<{
        position: number;
        start_ms: number;
        text: string;
        words: { word: string; startMs: number }[];
        found: string;
      }>
    >(
      `select position, start_ms, text, words, search_vector::text as found from transcript_segments
     where session_id = ? order by position`,
      [sessionId],
    );
}

async function lexemes(app: TestApp, sessionId: string): Promise<string[]> {
  const found = await app.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ lexeme: string }>>(
      `select distinct unnest(tsvector_to_array(search_vector)) as lexeme from transcript_segments
       where session_id = ? and not table_talk`,
      [sessionId],
    );
  return found.map((r) => r.lexeme);
}

const ctx = appWithUsers(['owner', 'recipient', 'stranger']);
let campaignId: string;

beforeAll(async () => {
  campaignId = await createSharedCampaign(ctx.owner, ctx.recipient, 'Lost Mine');
});

describe('Session.transcriptLines', () => {
  it('gives owner and recipient the lines with their times and table talk marked; others nothing', async () => {
    const id = await sessionWithLines(ctx.app, campaignId);
    for (const reader of [ctx.owner, ctx.recipient]) {
      const res = await reader.client.gql(LINES, { id });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.session.transcriptLines).toEqual([
        { position: 0, startMs: 0, endMs: 2_700, text: 'The party meets Thoren at the gate.', tableTalk: false },
        { position: 1, startMs: 5_000, endMs: 5_300 + 800, text: 'Who wants pizza?', tableTalk: true },
        { position: 2, startMs: 42_000, endMs: 44_300, text: 'They ride to crag maw castle.', tableTalk: false },
        { position: 3, startMs: 61_000, endMs: 62_900, text: 'The goblins attack at dusk.', tableTalk: false },
      ]);
    }
    const refused = await ctx.stranger.client.gql(LINES, { id });
    expect(refused.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(refused.body.data).toBeNull();
  });

  it('costs one query for the lines of every session of every campaign (no N+1)', async () => {
    const user = await createUser(ctx.app);
    const LIST = '{ campaigns { sessions { id transcriptLines { startMs text } } } }';
    const counted = async () => {
      let body: any;
      const { count, sql } = await countQueries(ctx.app, async () => {
        body = (await user.client.gql(LIST)).body;
      });
      expect(body.errors).toBeUndefined();
      return { count, lines: sql.filter((q) => q.includes('from "transcript_segments"')).length, body };
    };
    const first = await createCampaign(user, 'One');
    await sessionWithLines(ctx.app, first);
    const few = await counted();
    for (let i = 0; i < 3; i++) {
      const id = await createCampaign(user, `More ${i}`);
      await sessionWithLines(ctx.app, id);
      await sessionWithLines(ctx.app, id);
    }
    const many = await counted();
    expect(many.body.data.campaigns.flatMap((c: any) => c.sessions)).toHaveLength(7);
    expect(many.body.data.campaigns[3].sessions[1].transcriptLines).toHaveLength(4);
    expect(many.count).toBe(few.count);
    expect(many.lines).toBe(1);
  });
});

describe('saving an edited full transcript', () => {
  it('keeps the times of every line and word, deletes, adds, re-indexes and learns the names fixed', async () => {
    const id = await sessionWithLines(ctx.app, campaignId);
    const edited = [
      '[00:00:00] The party meets Thorin at the gate.',
      'They ride to Kragmaw castle.',
      'The owner remembers this.',
      '[00:01:01] The goblins attack at dusk.',
    ].join('\n');
    const res = await ctx.owner.client.gql(EDIT, { id, text: edited });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.updateSessionContent.fullTranscript).toBe(edited);
    expect(res.body.data.updateSessionContent.transcriptLines).toEqual([
      { position: 0, startMs: 0, endMs: 2_700, text: 'The party meets Thorin at the gate.', tableTalk: false },
      { position: 1, startMs: 42_000, endMs: 44_300, text: 'They ride to Kragmaw castle.', tableTalk: false },
      { position: 2, startMs: 44_300, endMs: 61_000, text: 'The owner remembers this.', tableTalk: false },
      { position: 3, startMs: 61_000, endMs: 62_900, text: 'The goblins attack at dusk.', tableTalk: false },
    ]);

    const stored = await rows(ctx.app, id);
    expect(stored[0].words.map((w) => `${w.word}@${w.startMs}`)).toEqual([
      'The@0',
      'party@400',
      'meets@800',
      'Thorin@1200',
      'at@1600',
      'the@2000',
      'gate.@2400',
    ]);
    expect(stored[1].words.find((w) => w.word === 'Kragmaw')).toEqual({
      word: 'Kragmaw',
      startMs: 43_200,
      endMs: 43_900,
    });
    expect(stored[2].words).toEqual([]);
    // The index stage's vectors for the new text, and the Q&A vocabulary rebuilt from them.
    expect(stored[0].found).toContain("'thorin'");
    expect(stored[1].found).toContain("'kragmaw'");
    expect(stored[2].found).toContain("'rememb'");
    const words = await lexemes(ctx.app, id);
    expect(words).toEqual(expect.arrayContaining(['thorin', 'kragmaw', 'rememb', 'goblin']));
    expect(words).not.toEqual(expect.arrayContaining(['thoren']));
    expect(words).not.toEqual(expect.arrayContaining(['crag']));

    const vocabulary = await ctx.owner.client.gql(VOCABULARY, { id: campaignId });
    expect(vocabulary.body.data.campaign.vocabulary).toBe('Thorin, Kragmaw');
  });

  it('lets Q&A find the edited words', async () => {
    const asker = await createUser(ctx.app);
    await grantQaAccess(asker);
    const campaign = await createCampaign(asker, 'Asked');
    const id = await sessionWithLines(ctx.app, campaign);
    await asker.client.gql(EDIT, { id, text: FULL.replace('crag maw', 'Kragmaw') });
    const res = await asker.client.gql(
      'mutation($input: AskInput!) { ask(input: $input) { found citations { startMs quote } } }',
      { input: { sessionId: id, question: 'Where is Kragmaw castle?' } },
    );
    expect(res.body.data.ask.found).toBe(true);
    expect(res.body.data.ask.citations[0].quote).toContain('They ride to Kragmaw castle.');
  });

  it('through the REST shim too, adding each name once and keeping the owner’s separators', async () => {
    const campaign = await createCampaign(ctx.owner, 'Shim');
    await ctx.owner.client.gql(
      'mutation($id: ID!, $v: String!) { setCampaignVocabulary(campaignId: $id, vocabulary: $v) { id } }',
      {
        id: campaign,
        v: 'Meepo\nthorin',
      },
    );
    const id = await sessionWithLines(ctx.app, campaign);
    const res = await ctx.owner.client.post(`/api/update_transcript/${id}/`, {
      new_text: FULL.replace('Thoren', 'Thorin').replace('crag maw', 'Kragmaw').replace('The goblins', 'Then goblins'),
    });
    expect(res.body).toEqual({ success: true, message: 'Content updated successfully' });
    expect((await ctx.owner.client.gql(VOCABULARY, { id: campaign })).body.data.campaign.vocabulary).toBe(
      'Meepo\nthorin\nKragmaw',
    );
    expect((await rows(ctx.app, id)).map((r) => r.text)).toEqual([
      'The party meets Thorin at the gate.',
      'Who wants pizza?',
      'They ride to Kragmaw castle.',
      'Then goblins attack at dusk.',
    ]);
  });

  it('removes every line when the owner empties the transcript, and their Q&A vocabulary with them', async () => {
    const id = await sessionWithLines(ctx.app, campaignId);
    expect(await lexemes(ctx.app, id)).not.toEqual([]);
    const res = await ctx.owner.client.gql(EDIT, { id, text: '' });
    expect(res.body.data.updateSessionContent.transcriptLines).toEqual([]);
    expect(await lexemes(ctx.app, id)).toEqual([]);
  });

  it('serialises two saves of one session: the lines end as one of them wrote them', async () => {
    const id = await sessionWithLines(ctx.app, campaignId);
    const a = FULL.replace('Who wants pizza?', 'Who wants tacos?');
    const b = ['New first line.', FULL, 'New last line.'].join('\n');
    const results = await Promise.all([
      ctx.owner.client.gql(EDIT, { id, text: a }),
      ctx.owner.client.gql(EDIT, { id, text: b }),
    ]);
    expect(results.map((r) => r.body.errors)).toEqual([undefined, undefined]);
    const final = await rows(ctx.app, id);
    expect(final.map((r) => r.position)).toEqual(final.map((_, i) => i));
    const { fullTranscript } = (
      await ctx.owner.client.gql('query($id: ID!) { session(id: $id) { fullTranscript } }', { id })
    ).body.data.session;
    const lines = fullTranscript.split('\n').map((l: string) => l.replace(/^\[[\d:]+\] /, ''));
    expect(final.map((r) => r.text)).toEqual(lines);
  });

  it('leaves the lines alone when a recipient tries, and refuses them', async () => {
    const id = await sessionWithLines(ctx.app, campaignId);
    const res = await ctx.recipient.client.gql(EDIT, { id, text: 'Nothing' });
    expect(res.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await rows(ctx.app, id)).map((r) => r.text)).toEqual(SEEDED.map((l) => l.text));
  });
});
