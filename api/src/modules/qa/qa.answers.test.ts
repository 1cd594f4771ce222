import { startTestApp, type TestApp } from '../../../test/app';
import { createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import { addTranscript, grantQaAccess, type Line } from '../../../test/transcripts';

// Answers on Whisper-style text (sentence lines, real punctuation): paraphrased questions, the
// sentence that answers in the lead, and declines when the question's key words go unsaid.

const ASK = `mutation($input: AskInput!) { ask(input: $input) { text found citations { sessionId quote } } }`;

interface Answer {
  text: string;
  found: boolean;
  citations: Array<{ sessionId: string; quote: string }>;
}

const CROWN: Line[] = [
  { text: 'Okay, can someone grab me a soda?', tableTalk: true },
  { text: 'The party reaches the village of Elmstead at dusk.' },
  { text: 'Sister Mirela meets them at the temple gate.' },
  { text: 'She says the crown of the old king was stolen last week.' },
  { text: 'Roll for initiative.' },
  { text: 'A masked thief named Corvo fights his way out of the crypt.' },
  { text: 'Corvo escapes across the river with the crown.' },
  { text: 'Hold on, my pizza is here. Who ordered the pepperoni?', tableTalk: true },
  { text: 'The next full moon will wake the dead, Mirela warns.' },
  { text: 'Later the party finds the crown in a hollow oak.' },
  { text: 'I take it back to the temple.' },
  { text: 'Mirela promises to keep the crown safe in the temple vault.' },
];

let app: TestApp;
let owner: TestUser;
let sessionId: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = await createUser(app);
  await grantQaAccess(owner);
  const session = await createSession(app, await createCampaign(owner, 'The Old Crown'), { title: 'The Crown' });
  await addTranscript(app, session.id, CROWN);
  sessionId = session.id;
});
afterAll(() => app.close());

async function ask(question: string): Promise<Answer> {
  const res = await owner.client.gql<{ ask: Answer }>(ASK, { input: { sessionId, question } });
  if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.ask;
}

/** The first quotation: the sentence(s) the answer leads with. */
const lead = (a: Answer) => /^“([^”]*)”/.exec(a.text)?.[1] ?? '';

it('finds a passage phrased differently from the question, through related words', async () => {
  const guarding = await ask('Who is guarding the crown now?');
  expect(guarding.found).toBe(true);
  expect(lead(guarding)).toBe('Mirela promises to keep the crown safe in the temple vault.');
  const bought = await ask('Where did they discover the crown?');
  expect(lead(bought)).toBe('Later the party finds the crown in a hollow oak.');
});

it('leads a who-question with the sentence that names the culprit, not the one that only tells of the theft', async () => {
  const a = await ask('Who stole the crown?');
  expect(a.found).toBe(true);
  expect(lead(a)).toMatch(/Corvo/);
  expect(a.text).toMatch(/^“[^”]*” \(The Crown, 0:0\d:\d\d\)/);
});

it('leads a where-question with the sentence that holds the place', async () => {
  expect(lead(await ask('Where did Corvo flee?'))).toBe('Corvo escapes across the river with the crown.');
});

it('declines when the passage that comes closest leaves the key words of the question unsaid', async () => {
  for (const question of [
    'When is the next session?', // "the next full moon" says "next", not "session"
    'What is the name of the dragon in the mountains?', // "named" alone
    'Who is the king of Elmstead called?', // "king" and "Elmstead", but no name of him
  ]) {
    expect({ question, ...(await ask(question)) }).toEqual({
      question,
      text: 'Nothing relevant to that question was found in this session.',
      found: false,
      citations: [],
    });
  }
});

it('never answers from table talk, even when the question uses its words', async () => {
  for (const question of ['Who ordered the pepperoni pizza?', 'Who wanted a soda?']) {
    expect(await ask(question)).toMatchObject({ found: false, citations: [] });
  }
  const grab = await ask('Who grabbed the crown?');
  for (const c of grab.citations) expect(c.quote).not.toMatch(/soda|pizza/);
});
