import { appWithUsers, createCampaign, createSession, shareCampaign, type TestUser } from '../../../test/factories';
import { answer, type Answer } from '../../../test/qa-campaigns';
import { addTranscript, grantQaAccess } from '../../../test/transcripts';

// Issue 15: a recipient's question about a GM-only fact is declined exactly as one about an absent
// fact. Two campaigns are built alike, except that the first also has GM-only lines: whatever a
// recipient asks, the first must answer as the second does. The GM-only lines share words with
// the others, sit between a hit and its context and between two hits, so a vocabulary, a context
// or a spacing that still counts them gives a different answer.

/** A line of a game night; a GM-only one is missing from the campaign that never had it. */
interface Said {
  text: string;
  tableTalk?: boolean;
  gmOnly?: boolean;
}

const ROAD: Said[] = [
  { text: 'The wagon rolls along the Triboar Trail toward Phandalin.' },
  { text: 'Two dead horses block the road, pierced by black-feathered arrows.' },
  { text: 'The goblins captured Gundren Rockseeker and dragged him to Cragmaw Castle.' },
  { text: 'Gundren Rockseeker secretly carries the map to Wave Echo Cave in his boot.', gmOnly: true },
  { text: 'Sildar Hallwinter swears to free the dwarf from the goblins before nightfall.' },
  { text: 'Who wants the last slice of pizza?', tableTalk: true },
  { text: 'The blacksmith Thessaly Grimsworth is a doppelganger who serves the Black Spider.', gmOnly: true },
  { text: 'Grimsworth plans to poison the mayor at the harvest feast.', gmOnly: true },
  { text: 'The party camps by the river and Lyra keeps the first watch.' },
  { text: 'At dawn a wolf howls somewhere beyond the ridge.' },
  { text: 'Lyra spots goblin tracks leading north toward Cragmaw Castle.' },
  { text: 'Keep it quiet, I baked a marzipan cake for the birthday.', tableTalk: true, gmOnly: true },
];

const TOWN: Said[] = [
  { text: 'The party arrives in Phandalin at dusk and rents rooms at the Stonehill Inn.' },
  { text: 'Toblen the innkeeper warns them about the Redbrand ruffians.' },
  { text: 'The Redbrands pay the blacksmith Grimsworth in stolen silver.', gmOnly: true },
  { text: 'The Redbrands keep their hideout in the cellars under Tresendar Manor.' },
  { text: 'Sister Garaele asks the party to find the banshee Agatha in the woods.' },
  { text: 'Agatha knows that the doppelganger wears the face of the blacksmith.', gmOnly: true },
  { text: 'The blacksmith of Phandalin mends the sword of Lyra for ten gold pieces.' },
  { text: 'In the hideout they learn that Glasstaff leads the Redbrands.' },
];

/**
 * The knight is in most lines a recipient may read, the banner in two, ten GM-only lines apart: a
 * recipient's passages are made of the lines they may read, so theirs holds both banners.
 */
const KEEP: Said[] = [
  { text: 'The knight rides up to the keep at noon.' },
  { text: 'The knight carries the red banner into the hall.' },
  { text: 'The knight drinks with the soldiers.' },
  { text: 'The knight sleeps by the fire.' },
  ...['steward', 'cook', 'chaplain', 'stablemaster', 'herald'].flatMap((who) => [
    { text: `The ${who} is secretly a spy of the Black Spider.`, gmOnly: true },
    { text: `The ${who} meets the Black Spider at midnight.`, gmOnly: true },
  ]),
  { text: 'Rain falls on the courtyard.' },
  { text: 'A torn banner hangs above the gate.' },
  { text: 'Crows gather on the walls.' },
  { text: 'The knight counts the arrows.' },
  { text: 'The knight prays in the chapel.' },
  { text: 'The knight polishes the shield.' },
  { text: 'The knight rides out at dawn.' },
];

const GM_ONLY = /Grimsworth|doppelganger|Wave Echo|secretly|stolen silver|marzipan/i;

/** Questions whose answers must not depend on the GM-only lines, by what they ask about. */
const QUESTIONS = {
  gmOnlyFact: 'Who is Grimsworth?',
  gmOnlyThing: 'Which doppelganger serves the Black Spider?',
  visibleAndGmOnly: 'Where does the doppelganger hide in Phandalin?',
  misspelledGmOnly: 'Who is Grimswort?',
  misspelledGmOnlyAndVisible: 'What did Grimswort sell in Phandalin?',
  visibleFact: 'Who captured Gundren Rockseeker?',
  visibleNextToGmOnly: 'Where do the Redbrands have their hideout?',
  sharedWord: 'What does the blacksmith do?',
  twoHits: 'Where is Cragmaw Castle?',
  knightBanner: 'Where is the banner of the knight?',
  gmOnlyTableTalk: 'Who baked the marzipan cake?',
};

const ctx = appWithUsers(['owner', 'recipient']);
/** With GM-only lines, and the same campaign never having had them. */
const secret = { campaign: '', road: '', town: '', keep: '' };
const plain = { campaign: '', road: '', town: '', keep: '' };

const sql = <T extends object>(query: string, params: unknown[] = []) =>
  ctx.app.orm.em.fork().getConnection().execute<T[]>(query, params);

/**
 * A night's lines as the pipeline leaves them, each timed by its place in the whole night:
 * with its GM-only lines marked, or without them (the others keep their times).
 */
async function addNight(sessionId: string, night: Said[], withGmOnly: boolean): Promise<void> {
  const lines = night.map((line, slot) => ({ ...line, slot })).filter((line) => withGmOnly || !line.gmOnly);
  await addTranscript(ctx.app, sessionId, lines);
}

/** The three nights, shared with the recipient; the sessions of both campaigns have the same titles. */
async function campaignOf(title: string, withGmOnly: boolean) {
  const campaign = await createCampaign(ctx.owner, title);
  const night = async (sessionTitle: string, lines: Said[]) => {
    const { id } = await createSession(ctx.app, campaign, {
      title: sessionTitle,
      briefSummary: 'A night on the road.',
    });
    await addNight(id, lines, withGmOnly);
    return id;
  };
  const road = await night('Session 1: The Road', ROAD);
  const town = await night('Session 2: Phandalin', TOWN);
  const keep = await night('Session 3: The Keep', KEEP);
  await shareCampaign(ctx.owner, campaign, ctx.recipient);
  return { campaign, road, town, keep };
}

/** An answer as it reads: the two campaigns' sessions have the same titles but not the same ids. */
const asRead = (a: Answer) => ({ ...a, citations: a.citations.map(({ sessionId: _, ...c }) => c) });

const scopes = [
  ['the campaign', (c: typeof secret) => ({ campaignId: c.campaign })],
  ['session 1', (c: typeof secret) => ({ sessionId: c.road })],
  ['session 2', (c: typeof secret) => ({ sessionId: c.town })],
  ['session 3', (c: typeof secret) => ({ sessionId: c.keep })],
] as const;

beforeAll(async () => {
  await grantQaAccess(ctx.owner);
  await grantQaAccess(ctx.recipient);
  Object.assign(secret, await campaignOf('With secrets', true));
  Object.assign(plain, await campaignOf('Without secrets', false));
}, 60_000);

describe.each(scopes)("a recipient's answer over %s", (_, scopeOf) => {
  it.each(Object.entries(QUESTIONS))('is the one without the GM-only lines: %s', async (_kind, question) => {
    const withSecrets = await answer(ctx.recipient, { ...scopeOf(secret), question });
    const without = await answer(ctx.recipient, { ...scopeOf(plain), question });
    expect(asRead(withSecrets)).toEqual(asRead(without));
    for (const c of withSecrets.citations) expect(c.quote).not.toMatch(GM_ONLY);
    expect(withSecrets.text).not.toMatch(GM_ONLY);
  });
});

it('declines a GM-only fact, a misspelled GM-only name and a GM-only thing for a recipient, as absent facts', async () => {
  for (const question of [QUESTIONS.gmOnlyFact, QUESTIONS.misspelledGmOnly, QUESTIONS.gmOnlyThing]) {
    expect(await answer(ctx.recipient, { campaignId: secret.campaign, question })).toEqual({
      found: false,
      citations: [],
      text: "Nothing relevant to that question was found in this campaign's sessions.",
    });
  }
});

it('tells the owner a GM-only line said at the table, labelled so; a recipient as of an absent fact', async () => {
  const own = await answer(ctx.owner, { campaignId: secret.campaign, question: QUESTIONS.gmOnlyTableTalk });
  expect(own.citations[0]).toMatchObject({ tableTalk: true, quote: expect.stringMatching(/marzipan cake/) });
  expect(own.text).toMatch(/said at the table\)/);
  expect(await answer(ctx.recipient, { campaignId: secret.campaign, question: QUESTIONS.gmOnlyTableTalk })).toEqual({
    found: false,
    citations: [],
    text: "Nothing relevant to that question was found in this campaign's sessions.",
  });
});

it('answers a visible fact with the context a recipient may read, across a GM-only line', async () => {
  const a = await answer(ctx.recipient, { sessionId: secret.road, question: QUESTIONS.visibleFact });
  expect(a.found).toBe(true);
  expect(a.citations[0].quote).toContain('The goblins captured Gundren Rockseeker');
  // Without the GM-only line the next line a recipient may read is the one after it (quoted: it
  // goes on about the goblins).
  expect(a.citations[0].quote).toContain('Sildar Hallwinter swears');
});

it('makes passages of the lines a recipient may read, as if the GM-only lines were never said', async () => {
  // Ten GM-only lines lie between the two banners: a recipient's passage holds both, the owner's one.
  const a = await answer(ctx.recipient, { sessionId: secret.keep, question: QUESTIONS.knightBanner });
  expect(a.citations[0].quote).toMatch(/^The knight carries the red banner.*A torn banner hangs above the gate/);
  const own = await answer(ctx.owner, { sessionId: secret.keep, question: QUESTIONS.knightBanner });
  expect(own.citations[0].quote).toMatch(/^The knight carries the red banner/);
  expect(own.citations[0].quote).not.toContain('A torn banner');
});

it('keeps GM-only lines searchable for the owner: found, cited, and by a misspelled name', async () => {
  const fact = await answer(ctx.owner, { campaignId: secret.campaign, question: QUESTIONS.gmOnlyFact });
  expect(fact.found).toBe(true);
  expect(fact.citations.map((c) => c.quote).join(' ')).toContain('Thessaly Grimsworth is a doppelganger');
  const misspelled = await answer(ctx.owner, { sessionId: secret.road, question: QUESTIONS.misspelledGmOnly });
  expect(misspelled.found).toBe(true);
  expect(misspelled.citations[0].quote).toContain('Grimsworth');
  const context = await answer(ctx.owner, { sessionId: secret.road, question: QUESTIONS.visibleFact });
  expect(context.citations[0].quote).toContain('secretly carries the map');
});

it.each(scopes.slice(0, 2))('follows a line marked GM-only or shared again at once, over %s', async (_, scopeOf) => {
  const [line] = await sql<{ id: string }>('select id from transcript_segments where session_id = ? and text like ?', [
    secret.road,
    'The blacksmith Thessaly Grimsworth%',
  ]);
  const mark = 'mutation($l: ID!, $g: Boolean!) { setLineGmOnly(lineId: $l, gmOnly: $g) { gmOnly } }';
  const setGmOnly = async (gmOnly: boolean) =>
    expect((await ctx.owner.client.gql(mark, { l: line.id, g: gmOnly })).body).toEqual({
      data: { setLineGmOnly: { gmOnly } },
    });
  const ask = (question: string) => answer(ctx.recipient, { ...scopeOf(secret), question });
  try {
    await setGmOnly(false);
    const shared = await ask(QUESTIONS.gmOnlyFact);
    expect(shared.found).toBe(true);
    expect(shared.citations[0].quote).toContain('Thessaly Grimsworth is a doppelganger');
    expect((await ask(QUESTIONS.misspelledGmOnly)).found).toBe(true);
    await setGmOnly(true);
    expect((await ask(QUESTIONS.gmOnlyFact)).found).toBe(false);
    expect((await ask(QUESTIONS.misspelledGmOnly)).found).toBe(false);
  } finally {
    await sql('update transcript_segments set gm_only = true where id = ?', [line.id]);
  }
});

it("a session's GM-only summaries do not lift its lines for a recipient; they do for the owner", async () => {
  // The same line in two sessions: only the summaries break the tie; without them Plain, the older session, is first.
  const ranking = async (summaryGmOnly: boolean) => {
    const campaign = await createCampaign(ctx.owner, 'Ranking');
    const plainNight = await createSession(ctx.app, campaign, { title: 'Plain', briefSummary: 'A quiet night.' });
    const summarised = await createSession(ctx.app, campaign, {
      title: 'Summarised',
      briefSummary: summaryGmOnly ? '<p>The <b>owlbear</b> hunts the party.</p>' : 'A quiet night.',
      summariesGmOnly: summaryGmOnly,
    });
    await addNight(plainNight.id, [{ text: 'The owlbear circles the camp at night.' }], true);
    await addNight(summarised.id, [{ text: 'The owlbear circles the camp at night.' }], true);
    await shareCampaign(ctx.owner, campaign, ctx.recipient);
    const titles = async (user: TestUser) =>
      (await answer(user, { campaignId: campaign, question: 'What circles the camp, the owlbear?' })).citations.map(
        (c) => c.sessionTitle,
      );
    return { owner: await titles(ctx.owner), recipient: await titles(ctx.recipient) };
  };
  const hidden = await ranking(true);
  expect(hidden.owner).toEqual(['Summarised', 'Plain']);
  expect(hidden.recipient).toEqual(['Plain', 'Summarised']);
  expect(hidden.recipient).toEqual((await ranking(false)).recipient);
});

it('answers REST as GraphQL: a recipient hears of a GM-only fact what they hear of an absent one', async () => {
  const post = (campaign: string, question: string) =>
    ctx.recipient.client.post('/api/ask_question/', { campaign_id: campaign, question });
  for (const question of [QUESTIONS.gmOnlyFact, QUESTIONS.visibleAndGmOnly, QUESTIONS.visibleFact]) {
    const withSecrets = await post(secret.campaign, question);
    const without = await post(plain.campaign, question);
    expect(withSecrets.status).toBe(200);
    const read = (body: { citations: Array<Record<string, unknown>> }) => ({
      ...body,
      citations: body.citations.map(({ session_id: _, ...c }) => c),
    });
    expect(read(withSecrets.body)).toEqual(read(without.body));
  }
});
