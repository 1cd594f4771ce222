import { randomUUID } from 'node:crypto';
import { firstError } from '../../../test/accounts';
import { createCampaign, createSession, createUser } from '../../../test/factories';
import { HttpClient } from '../../../test/http-client';
import { answer, appWithQaCampaigns, ask } from '../../../test/qa-campaigns';
import { addTranscript, grantQaAccess, LINE_SECONDS } from '../../../test/transcripts';
import { TranscriptSegment } from '../../kernel/entities/transcript-segment.entity';
import { transcriptActivities } from '../../processing/transcript.activities';
import { activityDeps } from '../../../test/activity-deps';
import { QA_MESSAGES } from './qa.service';

const ctx = appWithQaCampaigns();

describe('answers from real processed sessions', () => {
  it('answers a question about one session from its transcript, quoted with a timestamp', async () => {
    const a = await answer(ctx.owner, {
      sessionId: ctx.seeded.shared.ambush,
      question: '  Who captured Gundren Rockseeker?  ',
    });
    expect(a.found).toBe(true);
    const [first] = a.citations;
    expect(first).toMatchObject({ sessionId: ctx.seeded.shared.ambush, sessionTitle: 'Session 1: Goblin Arrows' });
    // The passage is cited from the line that answers: the citation starts where the quote is said.
    expect(first.quote).toMatch(/^The goblins captured Gundren Rockseeker/);
    expect(first.startMs).toBe(2 * LINE_SECONDS * 1000);
    // The answer leads with the sentence that answers, timed where it is said.
    expect(a.text).toMatch(
      /^The goblins — “The goblins captured Gundren Rockseeker[^”]*” \(Session 1: Goblin Arrows, 0:00:40\)/,
    );
  });

  it('never quotes table talk, not even as the context of a hit', async () => {
    const a = await answer(ctx.owner, { sessionId: ctx.seeded.shared.ambush, question: 'Where was Gundren taken?' });
    expect(a.citations[0].quote).toContain('Cragmaw Castle');
    for (const c of a.citations) expect(c.quote).not.toMatch(/nachos|pizza/);
  });

  it('a campaign question finds the answer in another session and names that session', async () => {
    const a = await answer(ctx.owner, {
      campaignId: ctx.seeded.shared.id,
      question: 'Where do the Redbrands have their hideout?',
    });
    expect(a.found).toBe(true);
    expect(a.citations[0]).toMatchObject({
      sessionId: ctx.seeded.shared.phandalin,
      sessionTitle: 'Session 2: Phandalin',
    });
    expect(a.citations[0].quote).toContain('cellars under Tresendar Manor');
  });

  it('spreads a campaign answer across the sessions that speak to it', async () => {
    const a = await answer(ctx.owner, { campaignId: ctx.seeded.shared.id, question: 'Who is Glasstaff?' });
    const sessions = a.citations.map((c) => c.sessionId);
    expect(new Set(sessions)).toEqual(new Set([ctx.seeded.shared.ambush, ctx.seeded.shared.phandalin]));
    expect(sessions.filter((id) => id === ctx.seeded.shared.ambush).length).toBeLessThanOrEqual(2);
    for (const c of a.citations) expect(c.quote).toContain('Glasstaff');
  });

  it('answers what only table talk says, labelled as said at the table, over GraphQL and REST alike', async () => {
    const question = 'Who brought the nachos?';
    const a = await answer(ctx.owner, { campaignId: ctx.seeded.shared.id, question });
    const said =
      'Dave — “Dave brought nachos for everyone tonight, grab a plate.” (Session 1: Goblin Arrows, 0:01:00, said at the table)';
    expect(a).toMatchObject({ found: true, text: said, citations: [{ tableTalk: true }] });
    const rest = await ctx.owner.client.post('/api/ask_question/', { campaign_id: ctx.seeded.shared.id, question });
    expect(rest.body).toMatchObject({ found: true, answer: said });
  });

  it('says plainly that nothing was found instead of inventing an answer', async () => {
    const a = await answer(ctx.owner, {
      sessionId: ctx.seeded.shared.phandalin,
      question: 'What treasure was in the dragon hoard?',
    });
    expect(a).toEqual({
      found: false,
      citations: [],
      text: 'Nothing relevant to that question was found in this session.',
    });
  });

  it('finds a misspelled name by trigram similarity', async () => {
    const a = await answer(ctx.owner, {
      campaignId: ctx.seeded.shared.id,
      question: 'Where did they take Gundrin Rockseker?',
    });
    expect(a.found).toBe(true);
    expect(a.citations[0].quote).toContain('Cragmaw Castle');
  });
});

describe('ranking', () => {
  it('between equally matching lines, the session whose summaries speak to the question comes first', async () => {
    const campaign = await createCampaign(ctx.owner, 'Ranking');
    const line = [{ text: 'The owlbear circles the camp at night.' }];
    const plain = await createSession(ctx.app, campaign, { title: 'Plain', briefSummary: 'A quiet night.' });
    const summarised = await createSession(ctx.app, campaign, {
      title: 'Summarised',
      briefSummary: '<p>The <b>owlbear</b> hunts the party.</p>',
    });
    await addTranscript(ctx.app, plain.id, line);
    await addTranscript(ctx.app, summarised.id, line);
    const a = await answer(ctx.owner, { campaignId: campaign, question: 'What circles the camp, the owlbear?' });
    expect(a.citations.map((c) => c.sessionTitle)).toEqual(['Summarised', 'Plain']);
  });

  it('follows the index: a line re-marked as table talk and re-indexed is told as said at the table', async () => {
    const campaign = await createCampaign(ctx.owner, 'Re-marked');
    const session = await createSession(ctx.app, campaign);
    await addTranscript(ctx.app, session.id, [{ text: 'The wizard Zanthor hides the moonstone in the well.' }]);
    const question = { sessionId: session.id, question: 'Where is the moonstone?' };
    const inGame = await answer(ctx.owner, question);
    expect(inGame).toMatchObject({ found: true, citations: [{ tableTalk: false }] });
    expect(inGame.text).not.toMatch(/said at the table/);
    const em = ctx.app.orm.em.fork();
    await em.nativeUpdate(TranscriptSegment, { session: session.id }, { tableTalk: true });
    await transcriptActivities(activityDeps(ctx.app)).indexTranscript({ sessionId: session.id });
    const atTable = await answer(ctx.owner, question);
    expect(atTable).toMatchObject({ found: true, citations: [{ tableTalk: true }] });
    expect(atTable.text).toMatch(
      /^In the well — “The wizard Zanthor hides the moonstone in the well\.” \([^)]*, said at the table\)$/,
    );
  });
});

describe('who may ask', () => {
  it('a stranger gets the same NOT_FOUND for a foreign session or campaign as for a random id', async () => {
    const stranger = await createUser(ctx.app);
    await grantQaAccess(stranger);
    const q = 'Who captured Gundren Rockseeker?';
    const foreignSession = firstError(await ask(stranger, { sessionId: ctx.seeded.shared.ambush, question: q }));
    const randomSession = firstError(await ask(stranger, { sessionId: randomUUID(), question: q }));
    expect(foreignSession).toEqual({ code: 'NOT_FOUND', message: 'Session not found', field: undefined });
    expect(randomSession).toEqual(foreignSession);
    const foreignCampaign = firstError(await ask(stranger, { campaignId: ctx.seeded.shared.id, question: q }));
    expect(foreignCampaign).toEqual({ code: 'NOT_FOUND', message: 'Campaign not found', field: undefined });
    expect(firstError(await ask(stranger, { campaignId: 'not-a-uuid', question: q }))).toEqual(foreignCampaign);
  });

  it("a recipient's answers come only from the campaign shared with them", async () => {
    const recipient = await createUser(ctx.app);
    await grantQaAccess(recipient);
    const share = await ctx.owner.client.gql(
      'mutation($c: ID!, $e: String!) { shareCampaign(campaignId: $c, email: $e) { id } }',
      { c: ctx.seeded.shared.id, e: recipient.email },
    );
    expect(share.body.errors).toBeUndefined();

    const shared = [ctx.seeded.shared.ambush, ctx.seeded.shared.phandalin];
    const glasstaff = await answer(recipient, { campaignId: ctx.seeded.shared.id, question: 'Who is Glasstaff?' });
    expect(glasstaff.found).toBe(true);
    for (const c of glasstaff.citations) expect(shared).toContain(c.sessionId);
    // The owner's other campaign answers this; the shared one does not, so the recipient hears nothing.
    expect((await answer(ctx.owner, { campaignId: ctx.seeded.other.id, question: 'Who rules Barovia?' })).found).toBe(
      true,
    );
    const strahd = await answer(recipient, { campaignId: ctx.seeded.shared.id, question: 'Who rules Barovia?' });
    expect(strahd).toMatchObject({ found: false, citations: [] });
    expect(
      firstError(await ask(recipient, { campaignId: ctx.seeded.other.id, question: 'Who rules Barovia?' }))?.code,
    ).toBe('NOT_FOUND');
    expect(
      firstError(await ask(recipient, { sessionId: ctx.seeded.other.barovia, question: 'Who rules Barovia?' }))?.code,
    ).toBe('NOT_FOUND');
  });

  it("refuses users without hasValidAccess with the spec's message, before looking at anything else", async () => {
    const free = await createUser(ctx.app);
    const res = await ask(free, { sessionId: ctx.seeded.shared.ambush, question: 'Who captured Gundren?' });
    expect(firstError(res)).toEqual({ code: 'FORBIDDEN', message: QA_MESSAGES.noAccess, field: undefined });
    expect(QA_MESSAGES.noAccess).toBe(
      'You need a valid subscription or plan to use the Q&A chatbot. Please upgrade your membership.',
    );
  });

  it('refuses signed-out callers', async () => {
    const res = await ask(new HttpClient(ctx.app.url), { sessionId: ctx.seeded.shared.ambush, question: 'Who?' });
    expect(firstError(res)?.code).toBe('UNAUTHENTICATED');
  });

  it('checks the question and the scope', async () => {
    const session = ctx.seeded.shared.ambush;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ sessionId: session, question: ' \n\t ' }, QA_MESSAGES.questionBlank, 'question'],
      // Zero-width spaces and a word joiner: nothing a reader sees, though trim() keeps them.
      [{ sessionId: session, question: '\u200b\u200b \u2060' }, QA_MESSAGES.questionBlank, 'question'],
      [{ sessionId: session, question: 'x'.repeat(1001) }, QA_MESSAGES.questionTooLong, 'question'],
      [{ question: 'Who?' }, QA_MESSAGES.scopeMissing, 'sessionId'],
      [{ sessionId: session, campaignId: ctx.seeded.shared.id, question: 'Who?' }, QA_MESSAGES.scopeBoth, 'campaignId'],
    ];
    for (const [input, message, field] of cases) {
      expect(firstError(await ask(ctx.owner, input))).toEqual({ code: 'BAD_USER_INPUT', message, field });
    }
    // Trimming comes first: 1000 characters surrounded by blanks are within the limit.
    const long = await ask(ctx.owner, { sessionId: session, question: ` ${'Gundren '.repeat(125).trim()}  ` });
    expect(long.body.errors).toBeUndefined();
  });
});
