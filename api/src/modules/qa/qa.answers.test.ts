import { startTestApp, type TestApp } from '../../../test/app';
import { createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import { addTranscript, grantQaAccess, type Line } from '../../../test/transcripts';
import { addToCast } from '../cast/cast.service';

// Answers on Whisper-style text (sentence lines, real punctuation): paraphrased questions, the
// sentence that answers in the lead, and declines when a key word of the question is never said in game.

const ASK = `mutation($input: AskInput!) { ask(input: $input) { text found citations { sessionId quote tableTalk } } }`;

interface Answer {
  text: string;
  found: boolean;
  citations: Array<{ sessionId: string; quote: string; tableTalk: boolean }>;
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

// Whisper mishears verbs more than nouns ("breathe" as "breed"): a question whose only unsaid word
// is its verb, its other key words together in one in-game line, is still answered.
const DRAGON: Line[] = [
  { text: 'The dragon lands on the castle wall and draws at the village below.' },
  { text: 'I draw my sword and chart at the dragon.' },
  { text: 'Who wants pizza?', tableTalk: true },
  { text: "I'm ordering two large pizzas now.", tableTalk: true },
  { text: 'Roll for initiative, a dragon breed fire across the bridge.' },
  { text: 'Wait, can you look up the rule for opportunity attacks in the book?', tableTalk: true },
  { text: 'The dragon falls from the wall and the village of cheer for the heroes.' },
];

// The shortest passage holding the answer starts at its "He says": who he is was said just before.
const FERRY: Line[] = [
  { text: 'Two days later you ride back into Hollowmere with the silver bell wrapped in a cloak.' },
  { text: 'The chapel doors hang open and nobody is inside.' },
  { text: 'Captain Harrow Venn of the town watch meets you on the steps, rain dripping from his helmet and coat.' },
  { text: 'He says the priestess Oriel fled across the lake before sunrise.' },
  { text: 'Ysolde nods.' },
  { text: 'Quillon shrugs.' },
  { text: 'Brannoc sighs.' },
  { text: 'The rain keeps falling.' },
];

// The first passage says the question's verb ("warns") and "the party" but no cult, and ranks
// first; the thing asked about, the cult, is said only in another passage.
const CULT: Line[] = [
  { text: 'Old Tam the innkeeper warns the party that the road north is flooded and tells them to stay the night.' },
  { text: 'Everyone eats in silence.' },
  { text: 'Rain drums on the roof.' },
  { text: 'Later a fire crackles in the hearth.' },
  { text: 'The horses stamp in the stable.' },
  { text: 'Morning comes grey and cold.' },
  { text: 'An old hermit by the well speaks of the Grey Hand, a cult that hunts travellers on the moor.' },
  { text: 'The wind picks up.' },
  { text: 'Clouds gather over the hills.' },
  { text: 'A crow calls from the gate.' },
  { text: 'The fire burns low.' },
];

// "paid" is never said; "pairs" is spelled much like it (trigram similarity 0.43) and is another
// word. Both passages say the gate guard, the second in more words: only a verb spelled alike
// would put it first.
const GATE: Line[] = [
  { text: 'The captain hands the gate guard a purse of ten silver coins.' },
  { text: 'Snow falls on the empty road.' },
  { text: 'The torches gutter in the wind.' },
  { text: 'A dog barks somewhere below the walls.' },
  { text: 'The bells of the chapel ring midnight.' },
  { text: 'Frost covers the battlements.' },
  {
    text: 'At dawn the gate guard pairs the prisoners two by two and marches them down the frozen road to the quarry.',
  },
];

// Asked why, the sentence that gives the reason leads, though the one before says more of the
// question's words (the leader, their lives).
const CHOIR: Line[] = [
  { text: 'The robed figure is Ilven Dray, leader of the Ashen Choir, and he demands their lives.' },
  {
    text: 'Korrin lowers his sword and spares him, because a paladin who kills a man on his knees is no better than the cult.',
  },
];

// Real play's turns (CRD3, a plain-text import): a voice says several sentences in one line, the
// one that answers not the first. The GM narrates unnamed.
const TURNS: Line[] = [
  { text: 'The naga rears up out of the tunnel, six stitched heads hissing at the party.' },
  { speaker: 'Scanlan', text: 'Yes. Okay, okay. Then I cast Lightning Bolt at the naga.' },
  { speaker: 'Percy', text: 'I reload my gun and wait for an opening.' },
  { text: 'All right. A giant wall of stone seals off the tunnel behind it. The dwarves cheer.' },
];

let app: TestApp;
let owner: TestUser;
let sessionId: string;
let cultSessionId: string;
let dragonSessionId: string;
let ferrySessionId: string;
let gateSessionId: string;
let choirSessionId: string;
let turnsSessionId: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = await createUser(app);
  await grantQaAccess(owner);
  sessionId = await night('The Old Crown', 'The Crown', CROWN);
  dragonSessionId = await night('Dragon Night', 'The Bridge', DRAGON);
  ferrySessionId = await night('Ferry', 'The Ferry', FERRY);
  cultSessionId = await night('The Moor', 'The Moor', CULT);
  gateSessionId = await night('The Gate', 'The Gate', GATE);
  choirSessionId = await night('The Choir', 'The Choir', CHOIR);
  const naga = await createCampaign(owner, 'The Mines');
  await addToCast(app.orm.em.fork(), naga, ['Scanlan', 'Percy']);
  turnsSessionId = (await createSession(app, naga, { title: 'The Quarry' })).id;
  await addTranscript(app, turnsSessionId, TURNS);
});
afterAll(() => app.close());

/** A campaign of one session with these lines; the session's id. */
async function night(campaign: string, title: string, lines: Line[]): Promise<string> {
  const session = await createSession(app, await createCampaign(owner, campaign), { title });
  await addTranscript(app, session.id, lines);
  return session.id;
}

async function ask(question: string, session = sessionId): Promise<Answer> {
  const res = await owner.client.gql<{ ask: Answer }>(ASK, { input: { sessionId: session, question } });
  if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.ask;
}

/** The first quotation: the sentence(s) the answer leads with. */
// The quote after the short answer, where one leads ("Corvo — “…”").
const lead = (a: Answer) => /^(?:[^“\n]* — )?“([^”]*)”/.exec(a.text)?.[1] ?? '';

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
  // The answer itself first, then the quote it comes from.
  expect(a.text).toMatch(/^Corvo — “[^”]*” \(The Crown, 0:0\d:\d\d\)/);
});

it('asked who said it, names the one "he" stands for, from the line before the passage', async () => {
  const a = await ask('Who said that the priestess fled across the lake?', ferrySessionId);
  expect(lead(a)).toBe(
    'Captain Harrow Venn of the town watch meets you on the steps, rain dripping from his helmet and coat. ' +
      'He says the priestess Oriel fled across the lake before sunrise.',
  );
  // Asked something else, the answering line alone.
  expect(lead(await ask('Where did the priestess flee?', ferrySessionId))).toBe(
    'He says the priestess Oriel fled across the lake before sunrise.',
  );
});

it('leads a where-question with the sentence that holds the place', async () => {
  expect(lead(await ask('Where did Corvo flee?'))).toBe('Corvo escapes across the river with the crown.');
});

it('answers, leading with it, when the best-ranked passage lacks the thing asked about but another passage found says it', async () => {
  const a = await ask('Who warned the party about the cult?', cultSessionId);
  expect(a.found).toBe(true);
  // And leads with it: the first passage's line says only the verb's related words and "party".
  expect(lead(a)).toMatch(/^An old hermit by the well speaks of the Grey Hand, a cult/);
});

it('declines when a key word of the question is said nowhere in game, not even by a related word', async () => {
  for (const question of [
    'When is the next session?', // only words about the table, and "session" is never said in game
    'What is the name of the dragon in the mountains?', // "named" alone: no dragon, no mountains
    'Which dragon burned down the village?',
    "What is the name of Corvo's familiar?", // Corvo is there, a familiar never is
  ]) {
    expect({ question, ...(await ask(question)) }).toEqual({
      question,
      text: 'Nothing relevant to that question was found in this session.',
      found: false,
      citations: [],
    });
  }
});

it('answers with the closest passage when every key word is said somewhere, even if no line says them all', async () => {
  // "king" and "Elmstead" are both said in game, so the question is about the story: the passages
  // holding them are the best evidence there is, and the reader judges them.
  const a = await ask('Who is the king of Elmstead called?');
  expect(a.found).toBe(true);
  expect(a.citations.map((c) => c.quote).join(' ')).toMatch(/old king|Elmstead/);
});

it('does not need the words about the table, and finds paraphrases of several words', async () => {
  const met = await ask('In which session did the party first meet Sister Mirela?');
  expect(lead(met)).toContain('Sister Mirela meets them at the temple gate.');
  const ran = await ask('Who ran away with the crown?');
  expect(lead(ran)).toBe('Corvo escapes across the river with the crown.');
  const hidden = await ask('Who took the crown and hid it beneath the crypt?');
  expect(hidden.found).toBe(true);
});

it('answers from table talk when only it says what is asked, labelled as said at the table', async () => {
  const pizza = await ask('Who ordered the pepperoni pizza?');
  expect(pizza.found).toBe(true);
  expect(pizza.citations[0]).toMatchObject({ tableTalk: true, quote: expect.stringMatching(/pepperoni/) });
  expect(pizza.text).toMatch(/^“Who ordered the pepperoni\?” \(The Crown, [0-9:]+, said at the table\)/);
  // The story's lines rank first: "grab" is said only at the table, the crown in game.
  const grab = await ask('Who grabbed the crown?');
  expect(grab.citations[0]).toMatchObject({ tableTalk: false });
  expect(grab.citations[0].quote).not.toMatch(/soda|pizza/);
  expect(grab.text.split('\n')[0]).not.toMatch(/said at the table/);
});

it('answers when only the verb was misheard, and tells what only table talk says as said there', async () => {
  const breath = await ask('What did the dragon breathe across the bridge?', dragonSessionId);
  expect(breath.found).toBe(true);
  expect(lead(breath)).toBe('Roll for initiative, a dragon breed fire across the bridge.');
  expect(breath.citations[0].tableTalk).toBe(false);
  const pizza = await ask('What pizza did they order?', dragonSessionId);
  expect(pizza.citations[0]).toMatchObject({ tableTalk: true, quote: expect.stringMatching(/two large pizzas/) });
  expect(pizza.text).toMatch(/^“[^”]*” \([^)]*, said at the table\)/);
});

it('does not take a common verb the story never says for another word spelled like it', async () => {
  const paid = await ask('How much was the gate guard paid?', gateSessionId);
  expect(lead(paid)).toBe('The captain hands the gate guard a purse of ten silver coins.');
  expect(paid.text).not.toMatch(/pairs/);
});

it('leads a why-question with the sentence that gives the reason', async () => {
  const why = await ask('Why did Korrin let the cult leader live?', choirSessionId);
  expect(lead(why)).toMatch(/^Korrin lowers his sword and spares him, because/);
});

it("leads with the sentence of a turn that says what is asked, with who said it, not the turn's first", async () => {
  const who = await ask('Who cast Lightning Bolt at the naga?', turnsSessionId);
  expect(lead(who)).toBe('Scanlan: … Then I cast Lightning Bolt at the naga.');
  // The citation's quote starts there too, with who said it.
  expect(who.citations[0].quote).toBe('Scanlan: … Then I cast Lightning Bolt at the naga.');
  const what = await ask('What sealed off the tunnel?', turnsSessionId);
  expect(lead(what)).toBe('A giant wall of stone seals off the tunnel behind it.');
});

it('denies a false premise: the event asked about is in no moment, though its verb and things are said apart', async () => {
  // "burns" is said (the fire), the innkeeper and the stable too, but never within one passage.
  const a = await ask('Why did the innkeeper burn the stable?', cultSessionId);
  expect(a.found).toBe(false);
  expect(a.text).toMatch(
    /^Nothing in the sessions says the innkeeper burned the stable\.\n\nThe sessions mention: “[^”]+” \(/,
  );
  expect(a.citations).toHaveLength(1);
  // Where the verb meets a thing asked about, the question is answered as before.
  expect((await ask('Who warned the party about the cult?', cultSessionId)).found).toBe(true);
});
