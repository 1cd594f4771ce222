import { startTestApp, type TestApp } from '../../../test/app';
import { createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import { addTranscript, grantQaAccess, type Line } from '../../../test/transcripts';

// A question's name matched to Whisper's spelling of it by sound (Double Metaphone, qa.metaphone.ts):
// "asworld" is how Whisper wrote a non-rhotic "Oswald". Neither the repo's own consonant key
// ("aslt" against "asrlt") nor the spelling (they begin apart) finds it.

const ASK = `mutation($input: AskInput!) { ask(input: $input) { text found citations { quote } } }`;

interface Answer {
  text: string;
  found: boolean;
  citations: Array<{ quote: string }>;
}

const MILL: Line[] = [
  { text: 'The party reaches the old mill at dusk.' },
  { text: 'Rain drums on the roof while the wheel turns.' },
  { text: 'asworld found the key under the floorboards.' },
  { text: 'The miller counts his coins by the fire.' },
  // "Mekit" sounds as "Market" does to Double Metaphone (MKT), and no dictionary holds it.
  { text: 'Mekit the tinker sells them a lantern and a coil of rope.' },
  { text: 'The road north is flooded.' },
];

let app: TestApp;
let owner: TestUser;
let sessionId: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = await createUser(app);
  await grantQaAccess(owner);
  const campaign = await createCampaign(owner, 'The Mill');
  sessionId = (await createSession(app, campaign, { title: 'The Mill' })).id;
  await addTranscript(app, sessionId, MILL);
});
afterAll(() => app.close());

async function ask(question: string): Promise<Answer> {
  const res = await owner.client.gql<{ ask: Answer }>(ASK, { input: { sessionId, question } });
  if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.ask;
}

it("finds the transcript's spelling of a name by how it sounds", async () => {
  const a = await ask('What did Oswald find?');
  expect(a.found).toBe(true);
  expect(a.citations[0].quote).toMatch(/asworld found the key/);
  expect(a.text).toMatch(/asworld found the key under the floorboards/);
});

it('does not match a common word by sound, capitalised or not', async () => {
  // "market" is never said; only Double Metaphone would take "Mekit" for it.
  for (const question of ['What did they buy at the Market?', 'What did they buy at the market?']) {
    const a = await ask(question);
    expect(a.found).toBe(false);
    expect(a.citations.map((c) => c.quote).join(' ')).not.toMatch(/Mekit/);
  }
  // The name itself still answers.
  expect((await ask('What did Mekit sell?')).citations[0].quote).toMatch(/Mekit the tinker/);
});
