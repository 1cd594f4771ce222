import { contextVotes } from './kinds';

test('one goes to places and talks to people: "to" votes for a place unless a verb of address comes first', () => {
  expect(contextVotes('The party rides to', ' at dawn.')).toEqual(['place']);
  expect(contextVotes('Keyleth turns to', ' and smiles.')).toEqual(['npc']);
  expect(contextVotes('Vax hands the key to', '.')).toEqual(['npc']);
  expect(contextVotes('Percy looks at', ' across the table.')).toEqual(['npc']);
});
