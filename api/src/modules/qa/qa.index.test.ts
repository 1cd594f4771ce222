import { startTestApp, type TestApp } from '../../../test/app';
import { createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import { addTranscript, grantQaAccess, LINE_SECONDS, type Line } from '../../../test/transcripts';
import { SEARCH_VECTOR } from '../../kernel/entities/search-vector';

// Retrieval's BM25 index of a campaign (qa.index.ts, qa.bm25.ts): names found by how they sound,
// the passage that says most of the question ranked first, and an index that follows the lines.

const ASK = `mutation($input: AskInput!) { ask(input: $input) { text found citations { startMs quote } } }`;

interface Answer {
  text: string;
  found: boolean;
  citations: Array<{ startMs: number; quote: string }>;
}

// Whisper wrote the player's "Oswin" as "Aswin"; the vocabulary was never told.
const BEACON: Line[] = [
  { text: 'The road climbs through the pines toward the old watchtower.' },
  { text: 'Aswin lights the beacon on the hill with a torch.' },
  { text: 'The wind carries the smoke over the valley.' },
  { text: 'Wolves howl somewhere below the ridge.' },
  { text: 'A shepherd waves from the far slope.' },
  { text: 'Pass the chips, please.', tableTalk: true },
  { text: 'The beacon of the southern keep answers with a red flame.' },
  { text: 'The captain of the keep rides out with twenty riders.' },
];

// The wiki writes "warcamp", the table says "war camp"; "inn" and "keep" are said, never as one word.
const CAMP: Line[] = [
  { text: 'Scouts report a duergar war camp beyond the chasm.' },
  { text: 'You keep watch at the inn until dawn.' },
  { text: 'Grab me a drink, would you?', tableTalk: true },
  { text: 'The dwarves sharpen their axes in silence.' },
];

// "war" and "camp" side by side only as the start of "campaign": no war camp here.
const PLANS: Line[] = [
  { text: 'The captain plans the war campaign from his camp.' },
  { text: 'Scouts ride out at dawn.' },
];

// A player's aside the classifier left in play (a long line, between two of narration), sharing "axe".
const CRYPT: Line[] = [
  { text: 'Brannoc climbs onto the coffin and brings his axe down on the iron crown.' },
  { text: 'My axe at home is way less heroic, I broke the handle chopping firewood on Sunday.' },
  { text: 'You drag Mother Oriel back across the lake in chains.' },
];

let app: TestApp;
let owner: TestUser;
let sessionId: string;
let campSessionId: string;
let plansSessionId: string;
let cryptSessionId: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = await createUser(app);
  await grantQaAccess(owner);
  // Each night in a campaign of its own, so no question finds another's lines.
  const night = async (campaign: string, title: string, lines: Line[]) => {
    const session = await createSession(app, await createCampaign(owner, campaign), { title });
    await addTranscript(app, session.id, lines);
    return session.id;
  };
  sessionId = await night('Beacons', 'The Hill', BEACON);
  campSessionId = await night('Duergar', 'The Chasm', CAMP);
  plansSessionId = await night('Plans', 'The Captain', PLANS);
  cryptSessionId = await night('Crypt', 'The Crypt', CRYPT);
});
afterAll(() => app.close());

async function ask(question: string, session = sessionId): Promise<Answer> {
  const res = await owner.client.gql<{ ask: Answer }>(ASK, { input: { sessionId: session, question } });
  if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.ask;
}

// The quote after the short answer, where one leads ("Corvo — “…”").
const lead = (a: Answer) => /^(?:[^“\n]* — )?“([^”]*)”/.exec(a.text)?.[1] ?? '';

it('finds a name as Whisper spelled it by how it sounds, and declines a name nothing sounds like', async () => {
  const a = await ask('What did Oswin light on the hill?');
  expect(a.found).toBe(true);
  expect(lead(a)).toBe('Aswin lights the beacon on the hill with a torch.');
  expect(await ask('What did Brannoc light on the hill?')).toMatchObject({ found: false, citations: [] });
});

it('ranks first the passage that says most of the question, and cites it from the line that answers', async () => {
  const a = await ask('Who answered the beacon from the southern keep?');
  expect(lead(a)).toBe('The beacon of the southern keep answers with a red flame.');
  // The citation starts where the quote is said (line 7 of the session, table talk counted).
  expect(a.citations[0]).toMatchObject({
    startMs: 6 * LINE_SECONDS * 1000,
    quote: expect.stringMatching(/^The beacon of the southern keep/),
  });
});

it('answers from a line as it was corrected a moment ago, without a restart', async () => {
  expect((await ask('Who lit the lighthouse?')).found).toBe(false);
  await app.orm.em
    .fork()
    .getConnection()
    .execute(
      `update transcript_segments set text = ?, search_vector = ${SEARCH_VECTOR('?', 'table_talk')}
       where session_id = ? and text like 'Aswin lights%'`,
      ['Aswin lights the lighthouse lamp on the hill.', 'Aswin lights the lighthouse lamp on the hill.', sessionId],
    );
  const a = await ask('Who lit the lighthouse?');
  expect(a.found).toBe(true);
  expect(lead(a)).toBe('Aswin lights the lighthouse lamp on the hill.');
});

it('finds a word the story says as two ("warcamp": "war camp"), and only where they are said together', async () => {
  const a = await ask('Where is the duergar warcamp?', campSessionId);
  expect(a.found).toBe(true);
  expect(lead(a)).toBe('Scouts report a duergar war camp beyond the chasm.');
  // "inn" and "keep" are said in one line, but not one after the other: there is no innkeeper.
  expect(await ask('Where is the innkeeper?', campSessionId)).toMatchObject({ found: false, citations: [] });
  expect(await ask('Where is the warcamp?', plansSessionId)).toMatchObject({ found: false, citations: [] });
});

it('quotes a line that reads as an aside only when the answer rests on it, not as the context of another', async () => {
  const quotes = (a: Answer) => [a.text, ...a.citations.map((c) => c.quote)].join('\n');
  const axe = await ask('What did Brannoc destroy with his axe?', cryptSessionId);
  expect(lead(axe)).toBe('Brannoc climbs onto the coffin and brings his axe down on the iron crown.');
  expect(quotes(axe)).not.toMatch(/at home/);
  const lake = await ask('Who was dragged back across the lake in chains?', cryptSessionId);
  expect(lead(lake)).toBe('You drag Mother Oriel back across the lake in chains.');
  expect(quotes(lake)).not.toMatch(/at home/);
  // Still in the story: asked about, it is the answer.
  const firewood = await ask('Who broke the handle chopping firewood?', cryptSessionId);
  expect(lead(firewood)).toMatch(/^My axe at home/);
});
