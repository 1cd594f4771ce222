import { PARTY, thirdPerson } from './third-person';

test('"mine" is the speaker\'s only as a pronoun: a mine is a place', () => {
  const voice = { speaker: 'Bram', addressee: PARTY };
  expect(thirdPerson('We will find her brother in the old mine.', voice)).toBe(
    'The party will find her brother in the old mine.',
  );
  expect(thirdPerson('I study the map of the mine.', voice)).toBe('Bram studies the map of the mine.');
  expect(thirdPerson('The silver bell is mine.', voice)).toBe("The silver bell is Bram's.");
});

test('a line several voices said together is told by all of them, its verbs agreeing with them all', () => {
  const voice = { speaker: 'Scanlan and Keyleth', addressee: PARTY };
  expect(thirdPerson('I set off the first Fireball.', voice)).toBe('Scanlan and Keyleth set off the first Fireball.');
  expect(thirdPerson('I am so ready and I grab the rope and pull.', voice)).toBe(
    'Scanlan and Keyleth are so ready and Scanlan and Keyleth grab the rope and pull.',
  );
  expect(thirdPerson('I was there.', voice)).toBe('Scanlan and Keyleth were there.');
  // One voice still agrees as one.
  expect(thirdPerson('I set off the first Fireball.', { speaker: 'Scanlan', addressee: PARTY })).toBe(
    'Scanlan sets off the first Fireball.',
  );
});
