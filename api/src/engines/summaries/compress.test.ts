import { clausesOf } from './compress';

test('a sentence joining deeds with ", and" is cut into the sentences it holds, each with its subject', () => {
  expect(clausesOf('The guard draws his sword, and Grog swings his axe at him; the guard falls.')).toEqual([
    'The guard draws his sword.',
    'Grog swings his axe at him.',
    'The guard falls.',
  ]);
  // "and" joining two verbs of one subject, or two nouns, is no clause boundary.
  expect(clausesOf('Kira grabs the rope and pulls, then climbs.')).toEqual([
    'Kira grabs the rope and pulls, then climbs.',
  ]);
  expect(clausesOf('They buy bread, and cheese.')).toEqual(['They buy bread, and cheese.']);
});

test('disfluencies and opening discourse markers go, nothing is reworded', () => {
  expect(clausesOf('So, um, the rest of the miners kind of look about.')).toEqual([
    'The rest of the miners look about.',
  ]);
  expect(clausesOf('And I take-- I cast Control Water.')).toEqual(['I cast Control Water.']);
  expect(clausesOf('You go ahead and you cast Dispel Magic on Grog.')).toEqual(['You cast Dispel Magic on Grog.']);
  expect(clausesOf('The the door opens, you know, basically on its own.')).toEqual(['The door opens on its own.']);
});

test('speech broken off keeps the whole clause before the break, or nothing', () => {
  expect(clausesOf('The party talks to Lord Nostoc Greyspine, who is--')).toEqual([
    'The party talks to Lord Nostoc Greyspine.',
  ]);
  expect(clausesOf('You cast Hallucinatory Terrain--')).toEqual(['You cast Hallucinatory Terrain.']);
  expect(clausesOf('Flying from the--')).toEqual([]);
});

test("a character's quoted speech is left whole", () => {
  const said = '"Well, you know, I own the brewery, and you owe me."';
  expect(clausesOf(said)).toEqual([said]);
});
