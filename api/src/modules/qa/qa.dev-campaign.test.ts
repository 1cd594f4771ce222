import { ref } from '@mikro-orm/core';
import { startTestApp, type TestApp } from '../../../test/app';
import { createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import { grantQaAccess } from '../../../test/transcripts';
import { transcriptActivities } from '../../processing/transcript.activities';
import { activityDeps } from '../../../test/activity-deps';
import devCampaign from '../../engines/summaries/dev-campaign.transcripts.json';
import { ExtractiveSummarizer } from '../../engines/summaries/extractive-summarizer';
import { Session } from '../../kernel/entities/session.entity';
import { TranscriptSegment } from '../../kernel/entities/transcript-segment.entity';
import devParaphrases2 from './qa.dev-campaign.paraphrases-2.json';
import devParaphrases from './qa.dev-campaign.paraphrases.json';
import devQuestions from './qa.dev-campaign.questions.json';

// Q&A on the dev campaign (engines/summaries/dev-campaign.*): real Whisper tiny.en text, processed
// as the pipeline leaves it (in-game lines indexed, extractive summaries). Tuning data; the held-out
// benchmark lives in bench/ and is not tuned on. QA_DEBUG=1 prints the whole answer of each miss.

const ASK = `mutation($input: AskInput!) { ask(input: $input) { text found citations { sessionId quote tableTalk } } }`;

interface Answer {
  text: string;
  found: boolean;
  citations: Array<{ sessionId: string; quote: string; tableTalk: boolean }>;
}

let app: TestApp;
let owner: TestUser;
let campaignId: string;
let sessionIds: string[];

beforeAll(async () => {
  app = await startTestApp();
  owner = await createUser(app);
  await grantQaAccess(owner);
  campaignId = await createCampaign(owner, 'The Moon Lantern');
  sessionIds = [];
  const summarizer = new ExtractiveSummarizer();
  for (const { title, lines } of devCampaign.sessions) {
    const inGame = lines.filter((l) => !l.tableTalk);
    const s = await summarizer.summarize(inGame);
    const session = await createSession(app, campaignId, {
      title,
      briefSummary: s.brief,
      moderateSummary: s.moderate,
      detailedSummary: s.detailed,
      summaryVeryShort: s.veryShort,
    });
    const em = app.orm.em.fork();
    lines.forEach((line, position) =>
      em.create(TranscriptSegment, { session: ref(em.getReference(Session, session.id)), position, ...line }),
    );
    await em.flush();
    await transcriptActivities(activityDeps(app)).indexTranscript({ sessionId: session.id });
    sessionIds.push(session.id);
  }
});
afterAll(() => app.close());

/** The first quotation of the answer: what a reader takes as the answer. */
const lead = (text: string) => /“([^”]*)”/.exec(text)?.[1] ?? '';

interface DevQuestion {
  session?: number;
  question: string;
  expect: string[] | null;
}

/** Asks each question; counts those answered with an expected phrase in the lead, and those declined. */
async function measure(name: string, questions: DevQuestion[]) {
  const report: string[] = [];
  let answered = 0;
  let answerable = 0;
  let declined = 0;
  let unanswerable = 0;
  for (const q of questions) {
    const scope = q.session === undefined ? { campaignId } : { sessionId: sessionIds[q.session] };
    const res = await owner.client.gql<{ ask: Answer }>(ASK, { input: { ...scope, question: q.question } });
    const a = res.body.data!.ask;
    let ok: boolean;
    if (q.expect) {
      answerable++;
      ok = a.found && q.expect.some((phrase) => lead(a.text).toLowerCase().includes(phrase.toLowerCase()));
      if (ok) answered++;
    } else {
      // Only table talk or nothing says it: declined, or told from a line said at the table, labelled so.
      unanswerable++;
      ok = !a.found || (a.citations[0].tableTalk && /said at the table\)/.test(a.text.split('\n')[0]));
      if (ok) declined++;
    }
    report.push(`${ok ? '✓' : '✗'} ${q.question} -> ${a.found ? lead(a.text) : '(declined)'}`);
    if (!ok && process.env.QA_DEBUG) report.push(a.text);
  }
  console.log(
    `${name}: answered ${answered}/${answerable}, declined or told as table talk ${declined}/${unanswerable}\n${report.join('\n')}`,
  );
  return { answered: answered / answerable, declined, unanswerable };
}

test('dev campaign: answers lead with the sentence that answers, and what no in-game line answers is declined or told as table talk', async () => {
  const result = await measure('dev campaign Q&A', devQuestions.questions);
  expect(result.answered).toBeGreaterThanOrEqual(0.75);
  expect(result.declined).toBe(result.unanswerable);
});

test('dev campaign, paraphrased: other words for what is said, table words, and things never said in game', async () => {
  const result = await measure('dev campaign Q&A, paraphrased', devParaphrases.questions);
  expect(result.answered).toBeGreaterThanOrEqual(0.6);
  expect(result.declined).toBe(result.unanswerable);
});

// Written before the paraphrase matching was broadened (8/24 then), to tell generalisation from
// fitting the two sets above. Its misses have since been read (a few generic phrases came of
// them), so it is a dev set too, not a held-out one.
test('dev campaign, paraphrased anew: other verbs, misheard key words, and named things never in game', async () => {
  const result = await measure('dev campaign Q&A, paraphrased anew', devParaphrases2.questions);
  expect(result.answered).toBeGreaterThanOrEqual(0.6);
  expect(result.declined).toBe(result.unanswerable);
});
