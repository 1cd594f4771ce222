import { ExtractiveSummarizer } from './extractive-summarizer';
import { previouslyPassage } from './previously';
import type { SummaryInput } from './summarizer';

const lines = (said: Array<[string | undefined, string]>): SummaryInput[] =>
  said.map(([speaker, text], i) => ({
    id: `line-${i}`,
    text,
    startMs: i * 20_000,
    endMs: i * 20_000 + 15_000,
    ...(speaker && { speaker }),
  }));

const play: Array<[string | undefined, string]> = [
  [undefined, 'The tide rises against the docks of Saltmere as the party steps off the ship.'],
  [undefined, 'Gulls scream over the docks while sailors haul crates of fish onto the pier.'],
  ['Bram', 'I search the crates on the pier for tracks.'],
  [undefined, 'Wet footprints lead from the pier toward the old sea wall.'],
  [undefined, 'The party walks up the hill to the Rusty Anchor Inn.'],
  [undefined, 'Inside the Rusty Anchor Inn a fire crackles and the room smells of ale.'],
  [undefined, 'The barkeep Olm pours the party a round of ale.'],
  ['Bram', 'I slide Olm a gold coin across the bar and ask about the smugglers.'],
  [undefined, 'Olm whispers that the smugglers meet in the crypt beneath the chapel.'],
  [undefined, 'Down in the crypt beneath the chapel, candles flicker over old bones.'],
  [undefined, 'Skeletons rise from the crypt floor and rattle toward the party.'],
  ['Bram', 'I smash two skeletons with my hammer.'],
  [undefined, 'Behind a crypt wall the party finds the crates of stolen silver.'],
  [undefined, 'Dust falls from the crypt ceiling as the last skeleton crumbles.'],
  [undefined, 'At dawn the party carries the silver back through the streets of Saltmere.'],
  [undefined, 'Captain Ives counts the crates on the deck of the Grey Gull.'],
  ['Bram', 'I hand Captain Ives the smugglers’ ledger from the crypt.'],
  [undefined, 'Captain Ives pays the party two hundred gold and offers them passage south.'],
  [undefined, 'The Grey Gull casts off and sails out of the harbour with the tide.'],
  [undefined, 'A fog rolls over the sea as the coast of Saltmere fades behind the ship.'],
  [undefined, 'In the fog, a bell tolls from a ship no one can see.'],
  ['Bram', 'I climb the mast and look for the bell.'],
  [undefined, 'A black ship with torn sails drifts past the Grey Gull without a sound.'],
  [undefined, 'The black ship vanishes into the fog as quickly as it came.'],
];

/** A night that opens on greetings, then the GM's retelling of the last session, then play. */
const night = lines([
  [undefined, 'Hello everyone and welcome back to the table tonight.'],
  ['Bram', 'Hi!'],
  [undefined, 'Last we left off, the party had sailed north from Varrow on the merchant ship Grey Gull.'],
  [undefined, 'Captain Ives hired the party to find the silver that smugglers stole from her hold.'],
  ['Bram', 'Right, the silver.'],
  [undefined, 'A storm broke the mast, and the party fought off a sea serpent before the ship limped on.'],
  [undefined, "And that's where we pick up."],
  ...play,
]);

test('the GM retelling the last session at the start is found: from the cue to the handover', () => {
  expect(previouslyPassage(night, undefined)).toEqual({ start: 2, end: 6 });
});

test('a character the GM speaks as saying "last we saw her" is no retelling', () => {
  const quoted = lines([[undefined, '"Last we saw her, she went down into the mine," the foreman says.'], ...play]);
  expect(previouslyPassage(quoted, undefined)).toBeUndefined();
});

test('"this is where we left off" said first closes the retelling before it', () => {
  const after = lines([
    [
      'Bram',
      'I leveled my priest to sixty-four last night on a video game I play far too much of, honestly, every single evening after work, and my brother gave a talk about it.',
    ],
    [undefined, 'Captain Ives hired the party to find the silver that smugglers stole from her hold.'],
    [undefined, 'A storm broke the mast, and the party fought off a sea serpent.'],
    [undefined, 'This is where we left off.'],
    ...play,
  ]);
  expect(previouslyPassage(after, undefined)).toEqual({ start: 1, end: 4 });
});

test('the retelling is a scene of its own, "Previously": told from its lines, met no one tonight, not in the brief', async () => {
  const s = await new ExtractiveSummarizer().summarize(night);
  const previously = s.recap.scenes.find((scene) => scene.title === 'Previously');
  expect(previously).toBeDefined();
  expect(previously!.main).toBe(false);
  expect(previously!.met).toEqual([]);
  // The greetings before it are the table gathering: in its scene, never told.
  expect(previously!.startMs).toBe(0);
  const retold = previously!.happened.flatMap((h) => h.lineIds);
  expect(retold.length).toBeGreaterThanOrEqual(2);
  for (const id of retold) expect(['line-2', 'line-3', 'line-4', 'line-5']).toContain(id);
  for (const sentence of previously!.happened) expect(s.brief).not.toContain(sentence.text);
  expect(s.detailed).toContain('<h3>Previously');
  // Olm is met tonight, in play after the retelling.
  expect(s.recap.scenes.flatMap((scene) => scene.met)).toContain('Olm');
});
