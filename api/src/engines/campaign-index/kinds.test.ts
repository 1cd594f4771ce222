import { contextVotes, decideKind } from './kinds';

test('one goes to places and talks to people: "to" votes for a place unless a verb of address comes first', () => {
  expect(contextVotes('The party rides to', ' at dawn.')).toEqual(['place']);
  expect(contextVotes('Keyleth turns to', ' and smiles.')).toEqual(['npc']);
  expect(contextVotes('Vax hands the key to', '.')).toEqual(['npc']);
  expect(contextVotes('Percy looks at', ' across the table.')).toEqual(['npc']);
});

test("a name cast is a spell: its votes outweigh a preposition's, so it is no place nor person", () => {
  expect(decideKind([...contextVotes('Keyleth takes this moment to cast', ' on herself.'), 'place'])).toBe('other');
  expect(decideKind([...contextVotes('Okay, I leave', '.'), ...contextVotes('I am casting', ' now.')])).toBe('other');
});

test('a tie of person and place is a person: one walks up to people as to places', () => {
  const votes = [...contextVotes('No one is getting near', '.'), ...contextVotes('You can see', "'s shadow swing.")];
  expect(votes.sort()).toEqual(['npc', 'place']);
  expect(decideKind(votes)).toBe('npc');
  expect(decideKind(['place', 'place', 'npc'])).toBe('place');
});
