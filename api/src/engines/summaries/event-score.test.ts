import { eventFeatures, eventScore, sessionNames, stem } from './event-score';

test('the stemmer folds the forms of a verb together', () => {
  for (const forms of [
    ['arrive', 'arrives', 'arrived', 'arriving'],
    ['steal', 'steals', 'stealing'],
    ['find', 'finds', 'finding'],
    ['pass', 'passes', 'passed'],
    ['carry', 'carries', 'carried', 'carrying'],
    ['grab', 'grabs', 'grabbed', 'grabbing'],
    ['die', 'dies', 'died'],
  ])
    expect(new Set(forms.map(stem)).size).toBe(1);
});

test('names are words capitalised inside sentences, or opening ones never written in lower case', () => {
  const names = sessionNames([
    'Okay, roll for initiative.',
    'Greta tells you that the lantern was stolen.',
    'The smuggler Merrick was seen near the chapel.',
    'Merrick laughs.',
    'Suddenly the door opens.',
    'Then I take the ring.',
    'I think the Abbey vault is safe.',
    'The vault of the abbey is old.',
  ]);
  expect([...names].sort()).toEqual(['abbey', 'greta', 'merrick']);
});

test('story events score above mechanics, filler and questions across the table', () => {
  const lines = [
    'In the crypt Bram finds a silver key under the altar.',
    'Captain Orla hands the party a sealed letter from the Duke of Karsk.',
    'The ghouls attack and Bram kills two of them with his axe.',
    'Roll for initiative.',
    "That's a 17.",
    'Make a perception check with advantage.',
    "Okay, let's see.",
    'Can I look at the map again?',
    'Sorry, can someone pass the pizza?',
  ];
  const names = sessionNames(lines);
  const scores = lines.map((line) => eventScore(eventFeatures(line, names)));
  for (const event of scores.slice(0, 3)) for (const talk of scores.slice(3)) expect(event).toBeGreaterThan(talk);
  for (const talk of scores.slice(3)) expect(talk).toBeLessThanOrEqual(0);
});

test('a named or pronoun subject acting reads as an event even with a verb no list holds', () => {
  const events = [
    'Ysolde skirls a war song from the prow of the barge.',
    'Under the hearth he unearths a ledger bound in green leather.',
    'Father Anselm intones a dirge beside the sarcophagus in the drowned chapel.',
    'Garrick plants his boots in the snow and heaves his hammer at the closest one.',
    'The revenant grips Pell by the collar and hauls him under the ice.',
    'You wade across the ford and the wolves scatter.',
  ];
  const talk = [
    'Okay, roll for initiative.',
    'I think I got a twelve, plus three.',
    'Make a stealth check.',
    'Can I look at the map again?',
    'Sorry, can someone pass the pizza?',
    'Same time next week?',
  ];
  const names = sessionNames([...events, ...talk]);
  const score = (line: string) => eventScore(eventFeatures(line, names));
  for (const event of events) {
    expect(eventFeatures(event, names).acts).toBe(true);
    for (const line of talk) expect(score(event)).toBeGreaterThan(Math.max(0, score(line)));
  }
});

test('a listed verb after an article is a noun, and a possessive is no subject', () => {
  const names = sessionNames(['Merrick laughs.', 'Tobin waits.']);
  expect(eventFeatures('The fire in the hearth.', names).verbs).toBe(0);
  expect(eventFeatures("Merrick's boots are wet.", names).acts).toBe(false);
  expect(eventFeatures('Tobin quietly pockets the key.', names).acts).toBe(true);
});
