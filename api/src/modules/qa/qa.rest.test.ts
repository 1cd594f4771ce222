import { createUser } from '../../../test/factories';
import { HttpClient } from '../../../test/http-client';
import { appWithQaCampaigns } from '../../../test/qa-campaigns';
import { grantQaAccess } from '../../../test/transcripts';
import { QA_MESSAGES } from './qa.service';

const PATH = '/api/ask_question/';

const ctx = appWithQaCampaigns();

describe('POST /api/ask_question/', () => {
  it('answers the session form with citations in the REST field names', async () => {
    const res = await ctx.owner.client.post(PATH, {
      transcript_id: ctx.seeded.shared.ambush,
      question: 'Who captured Gundren?',
    });
    expect(res.status).toBe(200);
    expect(res.body.found).toBe(true);
    expect(res.body.answer).toContain('The goblins captured Gundren Rockseeker');
    expect(res.body.citations[0]).toMatchObject({
      session_id: ctx.seeded.shared.ambush,
      session_title: 'Session 1: Goblin Arrows',
      start_ms: 40_000, // the line that answers, where the quote is said
      end_ms: expect.any(Number),
    });
    expect(res.body.citations[0].quote).toContain('Cragmaw Castle');
  });

  it('answers the campaign form from the campaign, and context never becomes evidence', async () => {
    const res = await ctx.owner.client.post(PATH, {
      campaign_id: ctx.seeded.shared.id,
      question: 'Where is the Redbrand hideout?',
      context: 'The detailed summary of the campaign.',
    });
    expect(res.status).toBe(200);
    expect(res.body.citations[0]).toMatchObject({
      session_id: ctx.seeded.shared.phandalin,
      session_title: 'Session 2: Phandalin',
    });
    expect(res.body.citations[0].quote).toContain('Tresendar Manor');

    // A client claiming the answer in `context` gets nothing the campaign's transcripts do not say.
    const planted = await ctx.owner.client.post(PATH, {
      campaign_id: ctx.seeded.shared.id,
      question: 'Who rules Barovia?',
      context: 'The vampire Strahd von Zarovich rules Barovia from Castle Ravenloft.',
    });
    expect(planted.body).toEqual({
      answer: "Nothing relevant to that question was found in this campaign's sessions.",
      found: false,
      citations: [],
    });
  });

  it('refuses as the other transports do: 400, 403, 404, 401', async () => {
    const blank = await ctx.owner.client.post(PATH, { transcript_id: ctx.seeded.shared.ambush, question: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ error: QA_MESSAGES.questionBlank, code: 'BAD_USER_INPUT', field: 'question' });
    const both = await ctx.owner.client.post(PATH, {
      transcript_id: ctx.seeded.shared.ambush,
      campaign_id: ctx.seeded.shared.id,
      question: 'Who?',
    });
    expect(both.body).toMatchObject({ code: 'BAD_USER_INPUT', error: QA_MESSAGES.scopeBoth });

    const free = await createUser(ctx.app);
    const refused = await free.client.post(PATH, { transcript_id: ctx.seeded.shared.ambush, question: 'Who?' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: QA_MESSAGES.noAccess, code: 'FORBIDDEN' });

    const stranger = await createUser(ctx.app);
    await grantQaAccess(stranger);
    const foreign = await stranger.client.post(PATH, {
      campaign_id: ctx.seeded.shared.id,
      question: 'Who is Glasstaff?',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'Campaign not found', code: 'NOT_FOUND' });

    const anonymous = await new HttpClient(ctx.app.url).post(PATH, {
      transcript_id: ctx.seeded.shared.ambush,
      question: 'Who?',
    });
    expect(anonymous.status).toBe(401);
    const noCsrf = await ctx.owner.client.post(
      PATH,
      { transcript_id: ctx.seeded.shared.ambush, question: 'Who?' },
      { csrf: false },
    );
    expect(noCsrf.body.code).toBe('CSRF_FAILED');
  });
});
