import { createCampaign, createUser, type TestUser } from './factories';
import { NIGHTS, type LanguageNight } from './fixtures/languages/nights';
import { startProcessingApp, waitForStatus, type ProcessingTestApp } from './processing';
import { grantQaAccess } from './transcripts';
import { postForm } from './uploads';
import { toldIn } from './summary-sentences';
import { SessionStatus } from '../src/kernel/entities/session.entity';
import type { RunningWorker } from '../src/worker/worker';

/*
 * Issue 48 point 6 end to end: a game night in the owner's language, imported as the group's own
 * transcript, goes through the real pipeline (Temporal worker, offline table-talk filter and
 * summarizer, the index stage with the owner's text-search configuration) and comes out with
 * summaries of every length that begin with a whole sentence of the night, and questions in the
 * language answered by the right line.
 */

const ASK = `mutation($input: AskInput!) { ask(input: $input) { text found citations { quote } } }`;
const UPDATE = `mutation($input: UpdateAccountFieldInput!) { updateAccountField(input: $input) { languageCode } }`;

let app: ProcessingTestApp;
let worker: RunningWorker;

beforeAll(async () => {
  app = await startProcessingApp();
  worker = await app.startWorker();
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
});

/** An owner speaking the night's language, with the night imported and processed. */
async function importNight(night: LanguageNight): Promise<{ owner: TestUser; sessionId: string; told: string[] }> {
  const owner = await createUser(app);
  await grantQaAccess(owner);
  const set = await owner.client.gql<{ updateAccountField: { languageCode: string } }>(UPDATE, {
    input: { field: 'LANGUAGE_CODE', value: night.code },
  });
  expect(set.body.data?.updateAccountField.languageCode).toBe(night.code);
  const campaignId = await createCampaign(owner, `Night ${night.code}`);
  const res = await postForm(owner.client, '/api/import_transcript/', [
    { name: 'campaign_id', value: campaignId },
    {
      name: 'file',
      value: { fileName: `night-${night.code}.txt`, type: 'text/plain', bytes: Buffer.from(night.lines.join('\n')) },
    },
  ]);
  expect(res.status).toBe(200);
  const sessionId: string = res.body.transcript_id;
  const session = await waitForStatus(app, sessionId, [SessionStatus.READY, SessionStatus.FAILED], 120_000);
  expect(session.status).toBe(SessionStatus.READY);
  const told = night.lines.map((l) => l.slice(l.indexOf(': ') + 2));
  return { owner, sessionId, told };
}

describe.each(NIGHTS.map((night) => [night.code, night] as const))('a night in %s', (code, night) => {
  let owner: TestUser;
  let sessionId: string;
  let told: string[];
  beforeAll(async () => {
    ({ owner, sessionId, told } = await importNight(night));
  }, 180_000);

  it('is indexed with its language’s text-search configuration', async () => {
    // Every line's vector holds the lexemes the language's configuration makes of its words
    // (English stemming keeps "encerrado", "attachée", "eingesperrt" whole, so would fail).
    const [row] = await app.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ held: boolean }>>(
        `select bool_and(search_vector @@ plainto_tsquery(?::regconfig, text)) as held
         from transcript_segments where session_id = ?`,
        [{ es: 'spanish', fr: 'french', de: 'german', it: 'italian', pt: 'portuguese' }[code], sessionId],
      );
    expect(row.held).toBe(true);
  });

  it('is summarised at every length in whole sentences of the night', async () => {
    const session = await waitForStatus(app, sessionId, [SessionStatus.READY]);
    for (const summary of [session.briefSummary, session.moderateSummary, session.detailedSummary]) {
      const sentences = toldIn(summary);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      // Whole: every sentence one the night said, from its start to its end (none cut, none empty).
      for (const sentence of sentences) expect(told).toContain(sentence);
    }
  });

  it.each(night.questions.map((q) => [q.question, q.line] as const))(
    'answers "%s" with the right line',
    async (question, line) => {
      const res = await owner.client.gql<{
        ask: { text: string; found: boolean; citations: Array<{ quote: string }> };
      }>(ASK, { input: { sessionId, question } });
      const answer = res.body.data?.ask;
      if (!answer) throw new Error(JSON.stringify(res.body.errors));
      expect(answer.found).toBe(true);
      expect(answer.citations[0]?.quote).toMatch(line);
    },
  );
});
