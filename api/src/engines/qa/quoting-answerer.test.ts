import { kindFit, questionKind } from './answer-type';
import { quoteLines, type Passage, type PassageLine } from './answerer';
import { QuotingAnswerer } from './quoting-answerer';

/** A passage of sentence lines 4 s apart, with the coverage and question terms retrieval would give each. */
function passage(title: string, startMs: number, lines: Array<[string, number, string[]?]>): Passage {
  const passageLines: PassageLine[] = lines.map(([text, coverage, terms = []], i) => ({
    text,
    startMs: startMs + i * 4000,
    endMs: startMs + i * 4000 + 3500,
    coverage,
    terms,
  }));
  return {
    sessionId: title,
    sessionTitle: title,
    startMs,
    endMs: passageLines[passageLines.length - 1].endMs,
    text: lines.map(([text]) => text).join(' '),
    lines: passageLines,
  };
}

const answer = (question: string, passages: Passage[]) =>
  new QuotingAnswerer().answer({ question, passages, scope: 'campaign' });

test('the question word says what is asked', () => {
  expect(questionKind('Who took the ring?')).toBe('who');
  expect(questionKind('Whose sword was it?')).toBe('who');
  expect(questionKind('Where does the witch live?')).toBe('where');
  expect(questionKind('What, or which relic, did they find?')).toBe('what');
  expect(questionKind('How much gold did the mayor offer?')).toBe('amount');
  expect(questionKind('And when did they leave?')).toBe('when');
  expect(questionKind('Why did Merrick run?')).toBe('why');
  expect(questionKind('How did they cross the marsh?')).toBe('other');
});

test("asked why, a sentence that gives a reason fits; one that only says the question's words does not", () => {
  const q = 'Why did Korrin let the cult leader live?';
  const names = new Set(['korrin']);
  expect(
    kindFit(
      'Korrin lowers his sword and spares him, because a paladin does not kill a man on his knees.',
      'why',
      q,
      names,
    ),
  ).toBe(1);
  expect(kindFit('He is Ilven Dray, leader of the cult, and he demands their lives.', 'why', q, names)).toBe(0);
});

test('a name that only reports what others did does not answer who did it', () => {
  const names = new Set(['greta', 'merrick']);
  const q = 'Who stole the lantern?';
  expect(kindFit('Greta tells you that the lantern was stolen.', 'who', q, names)).toBe(0);
  expect(kindFit('Merrick was seen near the chapel that night.', 'who', q, names)).toBe(1);
  expect(kindFit('Greta tells you that the lantern was stolen.', 'who', 'Who told the party?', names)).toBe(1);
  expect(kindFit('She hides it in the abbey vault.', 'where', 'Where is the lantern?', names)).toBe(1);
  expect(kindFit('She takes it to Greywater.', 'where', 'Where is the lantern?', new Set(['greywater']))).toBe(1);
  expect(kindFit('She keeps it safe.', 'where', 'Where is the lantern?', names)).toBe(0);
});

test('leads with the sentence that answers, quoted with its own session and time, then the other passages', async () => {
  const ring = passage('Session 3', 60_000, [
    ['You find a chest with 300 gold and a ring.', 0.4, ['ring']],
    ['I take the ring.', 1, ['took', 'ring']],
    ['Fenwick slips it onto his finger.', 0, []],
  ]);
  const other = passage('Session 1', 5000, [['The ring of the old king was lost in the lake.', 0.5, ['ring']]]);
  const a = await answer('Who took the ring?', [other, ring]);
  // "I take the ring." covers the question; its neighbour holds the name a who-question wants.
  expect(a.text).toBe(
    'Fenwick — “I take the ring. Fenwick slips it onto his finger.” (Session 3, 0:01:04)\n\n' +
      'More in the transcripts:\n\n' +
      '“The ring of the old king was lost in the lake.” (Session 1, 0:00:05)',
  );
  expect(a.found).toBe(true);
  // The lead's passage is cited from the lead's line on: the citation's time is the quote's.
  expect(a.citations).toEqual([
    { ...ring, startMs: 64_000, text: 'I take the ring. Fenwick slips it onto his finger.' },
    other,
  ]);
});

test('a sentence holding what is asked wins over one that only repeats the question', async () => {
  const lines = passage('Session 2', 0, [
    ['The moon lantern was stolen from the chapel.', 0.9, ['stole', 'lantern']],
    ['Greta is furious.', 0, []],
  ]);
  const culprit = passage('Session 2', 40_000, [['A smuggler named Merrick sold the lantern.', 0.7, ['lantern']]]);
  const a = await answer('Who stole the lantern?', [lines, culprit]);
  expect(a.text).toMatch(/^Merrick — “A smuggler named Merrick sold the lantern\.” \(Session 2, 0:00:40\)/);

  const where = await answer('Where did Merrick go?', [
    passage('Session 2', 0, [
      ['Merrick was angry.', 0.6, ['merrick']],
      ['Merrick rides south to Port Azure.', 0.6, ['merrick']],
    ]),
  ]);
  expect(where.text).toMatch(/^Port Azure — “Merrick rides south to Port Azure\.”/);
});

test('an aside is quoted only when it completes the lead, and the lead is quoted from its own sentence', async () => {
  const bell = passage('Session 2', 0, [
    ['The ring road was completely jammed.', 0, []],
    ['This is the big one. Mayor Greda hires you to bring back the silver bell.', 1, ['hire', 'bell']],
    ['Somebody pass the crisps.', 0, []],
  ]);
  const aside = (l: PassageLine, i: number) => (i === 1 ? l : { ...l, aside: true });
  const a = await answer('Who hired the party to bring the bell back?', [{ ...bell, lines: bell.lines!.map(aside) }]);
  expect(a.text).toBe('Mayor Greda — “Mayor Greda hires you to bring back the silver bell.” (Session 2, 0:00:04)');
  expect(a.citations[0].text).toBe('Mayor Greda hires you to bring back the silver bell.');

  const ring = passage('Session 3', 0, [
    ['I take the ring.', 1, ['took', 'ring']],
    ['Fenwick slips it onto his finger.', 0, []],
  ]);
  const who = await answer('Who took the ring?', [
    { ...ring, lines: ring.lines!.map((l, i) => (i ? { ...l, aside: true } : l)) },
  ]);
  expect(who.citations[0].text).toBe('I take the ring. Fenwick slips it onto his finger.');
});

test('a lead in a line the passage gave as an aside is cited to its own end, after the quoted lines', async () => {
  // Retrieval quotes the first line and gives the second as an aside (it reads as one by itself).
  const p = passage('Session 1', 0, [
    ['The guards shut the gate of Whitestone.', 0.3, ['whitestone']],
    ['I bet the priest hopes for Whitestone, honestly.', 0.6, ['priest', 'hope', 'whitestone']],
  ]);
  const cited = { ...p, endMs: p.lines![0].endMs, lines: p.lines!.map((l, i) => (i ? { ...l, aside: true } : l)) };
  const a = await answer('Does the priest have any hope for Whitestone?', [cited]);
  expect(a.citations[0]).toMatchObject({ startMs: 4000, endMs: 7500 });
});

test('a line left out between two quoted ones is marked with "…", in the lead\'s citation and the others', async () => {
  const crypt = passage('Session 3', 0, [
    ['Brannoc brings his axe down on the iron crown.', 0.6, ['brannoc', 'axe', 'crown']],
    ['My axe at home is way less heroic.', 0.3, ['axe']],
    ['The iron crown shatters and Vhaskar crumbles into ash.', 0.4, ['crown']],
  ]);
  const lines = crypt.lines!.map((l, i) => (i === 1 ? { ...l, aside: true } : l));
  const a = await answer('What did Brannoc destroy with his axe?', [{ ...crypt, lines }]);
  expect(a.citations[0].text).toBe(
    'Brannoc brings his axe down on the iron crown. … The iron crown shatters and Vhaskar crumbles into ash.',
  );
  expect(quoteLines(lines, (l) => !l.aside)).toBe(a.citations[0].text);
});

test('asked who, a lead that says "he" is quoted with the sentence before it that names him', async () => {
  const steps = passage('Session 2', 0, [
    ['Captain Harrow Venn of the town watch meets you on the steps.', 0, []],
    ['He says Oriel fled across the lake before sunrise.', 0.8, ['tell', 'flee']],
  ]);
  const a = await answer('Who told the heroes that the priestess had fled?', [steps]);
  expect(a.text).toBe(
    'Captain Harrow Venn — “Captain Harrow Venn of the town watch meets you on the steps. He says Oriel fled across the lake before sunrise.” (Session 2, 0:00:00)',
  );
  expect(a.citations[0].startMs).toBe(0);
  // Not asked who, or no name before the pronoun: the answering sentence alone.
  const why = await answer('Why did Oriel flee?', [steps]);
  expect(why.text).toBe('“He says Oriel fled across the lake before sunrise.” (Session 2, 0:00:04)');
  const nameless = passage('Session 2', 0, [
    ['The watch meets you on the steps.', 0, []],
    ['He says Oriel fled across the lake before sunrise.', 0.8, ['tell', 'flee']],
  ]);
  expect((await answer('Who told the heroes that the priestess had fled?', [nameless])).text).toBe(
    '“He says Oriel fled across the lake before sunrise.” (Session 2, 0:00:04)',
  );
});

test('passages made without lines are quoted whole, and no passage means nothing found', async () => {
  const plain: Passage = {
    sessionId: 's',
    sessionTitle: 'S',
    startMs: 0,
    endMs: 1000,
    text: 'The goblins took Gundren.',
  };
  expect((await answer('What happened to Gundren?', [plain])).text).toBe('“The goblins took Gundren.” (S, 0:00:00)');
  expect(await new QuotingAnswerer().answer({ question: 'Who?', passages: [], scope: 'session' })).toEqual({
    text: 'Nothing relevant to that question was found in this session.',
    found: false,
    citations: [],
  });
});

test("leads with a sentence about what is asked over one that holds only the question's verb and table words", async () => {
  const pays = passage('Session 2', 90_000, [
    ['Lady Corvane tells the party she will pay them in gold.', 0.6, ['warn', 'parti']],
  ]);
  const cult = passage('Session 1', 30_000, [
    ['A hermit speaks of the Grey Hand, a cult of the old wyrms.', 0.4, ['cult']],
  ]);
  const about = (p: Passage, yes: boolean): Passage => ({ ...p, lines: p.lines!.map((l) => ({ ...l, about: yes })) });
  const a = await answer('Who warned the party about the cult?', [about(pays, false), about(cult, true)]);
  expect(a.text).toMatch(/^A hermit — “A hermit speaks of the Grey Hand/);
  // Where retrieval does not say what a line is about, coverage alone leads.
  expect((await answer('Who warned the party about the cult?', [pays, cult])).text).toMatch(
    /^Lady Corvane — “Lady Corvane/,
  );
});

test('leads with the answer itself, taken from the quoted line, for who, where, how many and what was found', async () => {
  const chart = passage('Session 4', 192_000, [
    ['Kira hands the chart to the harbourmaster for safekeeping.', 0.8, ['chart']],
  ]);
  expect((await answer('Who has the chart now?', [chart])).text).toBe(
    'The harbourmaster — “Kira hands the chart to the harbourmaster for safekeeping.” (Session 4, 0:03:12)',
  );
  const coins = passage('Session 1', 0, [['The captain pays the guard ten silver coins.', 0.8, ['pay', 'guard']]]);
  expect((await answer('How much did the captain pay the guard?', [coins])).text).toMatch(/^Ten silver coins — “/);
  const shrine = passage('Session 1', 0, [['Inside the shrine Tomas takes a golden idol.', 0.8, ['tomas', 'take']]]);
  expect((await answer('What did Tomas take?', [shrine])).text).toMatch(/^A golden idol — “Inside the shrine/);
});

test('passes over a line that only echoes the question for the next line of the moment that says it', async () => {
  const body = passage('Session 2', 60_000, [
    ['Kira searches the body.', 0.9, ['kira', 'bodi']],
    ['She finds a silver key and a letter.', 0.3, ['find']],
  ]);
  expect((await answer('What did Kira find on the body?', [body])).text).toBe(
    'A silver key — “She finds a silver key and a letter.” (Session 2, 0:01:04)',
  );
});
