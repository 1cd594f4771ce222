import { PARTY, thirdPerson } from './third-person';

test('"mine" is the speaker\'s only as a pronoun: a mine is a place', () => {
  const voice = { speaker: 'Bram', addressee: PARTY };
  expect(thirdPerson('We will find her brother in the old mine.', voice)).toBe(
    'The party will find her brother in the old mine.',
  );
  expect(thirdPerson('I study the map of the mine.', voice)).toBe('Bram studies the map of the mine.');
  expect(thirdPerson('The silver bell is mine.', voice)).toBe("The silver bell is Bram's.");
});
