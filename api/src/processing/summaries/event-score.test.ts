import { eventFeatures, eventScore, sessionNames, stem } from './event-score';

test('the stemmer folds the forms of a verb together', () => {
  for (const forms of [
    ['arrive', 'arrives', 'arrived', 'arriving'],
    ['steal', 'steals', 'stealing'],
    ['find', 'finds', 'finding'],
    ['pass', 'passes', 'passed'],
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
