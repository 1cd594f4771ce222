import { startTestApp, type TestApp } from '../../../test/app';
import { createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import { addTranscript, grantQaAccess, type Line } from '../../../test/transcripts';

// Whisper mishears verbs more than nouns ("breathe" as "breed"): a question whose only unsaid word
// is its verb, with its other key words together in one in-game line, is still answered.

const ASK = `mutation($input: AskInput!) { ask(input: $input) { text found citations { sessionId quote } } }`;

const DRAGON: Line[] = [
  { text: 'The dragon lands on the castle wall and draws at the village below.' },
  { text: 'I draw my sword and chart at the dragon.' },
  { text: 'Who wants pizza?', tableTalk: true },
  { text: "I'm ordering two large pizzas now.", tableTalk: true },
  { text: 'Roll for initiative, a dragon breed fire across the bridge.' },
  { text: 'Wait, can you look up the rule for opportunity attacks in the book?', tableTalk: true },
  { text: 'I cast a shield spell and the flames wash over the night.' },
  { text: 'The dragon falls from the wall and the village of cheer for the heroes.' },
];

let app: TestApp;
let owner: TestUser;
let sessionId: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = await createUser(app);
  await grantQaAccess(owner);
  const session = await createSession(app, await createCampaign(owner, 'Dragon Night'), { title: 'The Bridge' });
  await addTranscript(app, session.id, DRAGON);
  sessionId = session.id;
});
afterAll(() => app.close());

async function ask(question: string): Promise<{ text: string; found: boolean }> {
  const res = await owner.client.gql<{ ask: { text: string; found: boolean } }>(ASK, {
    input: { sessionId, question },
  });
  if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.ask;
}

it('answers when only the verb was misheard, and still declines what only table talk says', async () => {
  const breath = await ask('What did the dragon breathe across the bridge?');
  expect(breath.found).toBe(true);
  expect(breath.text).toMatch(/^“Roll for initiative, a dragon breed fire across the bridge\.”/);
  expect((await ask('Which rule did someone want to look up in the book?')).found).toBe(false);
  expect((await ask('What pizza did they order?')).found).toBe(false);
});
