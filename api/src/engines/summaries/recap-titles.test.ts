import { buildRecap } from './recap-builder';
import type { SummaryInput } from './summarizer';

/** A night in one city, told scene by scene: the docks, a tavern, a crypt, each naming the city too. */
const night: SummaryInput[] = [
  ...[
    'The ship drifts into the docks of Saltmere under a grey sky.',
    'Gulls scream over the Saltmere docks as sailors haul crates of fish onto the pier.',
    'Captain Ives waits on the pier of the docks with her arms crossed.',
    'Captain Ives tells the party that her silver vanished from the docks of Saltmere.',
    'Wet footprints lead from the pier of the docks toward the old sea wall.',
    'The tide rises against the docks of Saltmere.',
  ],
  ...[
    'The party walks up the hill to the Rusty Anchor Inn, the oldest tavern in Saltmere.',
    'Inside the Rusty Anchor Inn a fire crackles and the tavern smells of ale and smoke.',
    'The barkeep Olm pours the party a round of ale at the tavern.',
    'Olm whispers that the smugglers of Saltmere meet in the crypt beneath the chapel.',
    'The tavern falls quiet as a hooded stranger leaves.',
    'Rain drums on the tavern roof over the streets of Saltmere.',
  ],
  ...[
    'Down in the crypt beneath the chapel of Saltmere, candles flicker over old bones.',
    'Skeletons rise from the crypt floor and rattle toward the party.',
    'Behind a crypt wall the party finds the crates of stolen silver.',
    'The bells of Saltmere ring above the crypt as the last skeleton crumbles.',
    'Dust falls from the crypt ceiling onto the bones.',
    'The party carries the silver out of the crypt of Saltmere at dawn.',
  ],
].map((text, i) => ({ id: `line-${i}`, text, startMs: i * 20_000, endMs: i * 20_000 + 15_000 }));

test('a scene is titled by the place that is most its own, not by the city every scene names', () => {
  const { scenes } = buildRecap(night);
  const tavern = scenes.find((s) => s.where.includes('Rusty Anchor Inn'));
  expect(tavern).toBeDefined();
  expect(tavern!.where).toContain('Saltmere');
  expect(tavern!.title).toBe('Rusty Anchor Inn');
  // A scene naming no place of its own keeps the city.
  expect(scenes.map((s) => s.title)).toContain('Saltmere');
});
