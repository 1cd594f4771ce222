import { salienceCandidates } from './recap-builder';
import { SALIENCE_FEATURES, SALIENCE_WEIGHTS, salience, salienceFeatures, type SalienceInput } from './salience';
import type { SummaryInput } from './summarizer';

const base: SalienceInput = {
  text: 'Grog swings his axe at the ogre.',
  lineText: 'I swing my axe at the ogre.',
  length: 7,
  narration: false,
  story: true,
  quotes: false,
  names: 1,
  position: 0.5,
  fromStart: 10,
  centrality: 0.5,
  narrationAround: 0.5,
};

test('the weights table holds a bias and one weight per feature', () => {
  expect(SALIENCE_WEIGHTS).toHaveLength(SALIENCE_FEATURES.length + 1);
  expect(salienceFeatures(base)).toHaveLength(SALIENCE_FEATURES.length);
});

test('the GM opening a scene with a long description is likelier retold than a quip in its middle', () => {
  const opening = salience({
    ...base,
    text: 'The party sees a vast cavern, a river of lava winding through the dark below the bridge.',
    lineText:
      'As you step through the archway you see a vast cavern, a river of lava winding through the dark below the bridge, and on the far side a dwarven fortress carved into the rock.',
    length: 17,
    narration: true,
    fromStart: 0,
    position: 0,
    centrality: 1,
  });
  const quip = salience({ ...base, text: 'Grog laughs.', lineText: 'Ha!', length: 2, centrality: 0.1 });
  expect(opening).toBeGreaterThan(quip);
  for (const p of [opening, quip]) expect(p > 0 && p < 1).toBe(true);
});

test('every candidate a recap may tell comes with what the model reads of it, its scene position 0..1', () => {
  const lines: SummaryInput[] = [
    'The ship drifts into the docks of Saltmere under a grey sky.',
    'Captain Ives waits on the pier of the docks with her arms crossed.',
    'Captain Ives tells the party that her cargo of silver vanished from the docks last night.',
    'Wet footprints lead from the pier of the docks toward the old sea wall.',
    'The party climbs the hill to the Copper Lantern tavern, where a fire crackles.',
    'Inside the Copper Lantern tavern the innkeeper Bram polishes a mug and watches the party.',
  ].map((text, i) => ({ id: `l${i}`, text, startMs: i * 1000 }));
  const candidates = salienceCandidates(lines, { cast: [], vocabulary: [] });
  expect(candidates.length).toBeGreaterThan(3);
  for (const { line, input } of candidates) {
    expect(input.lineText).toBe(lines[line].text);
    expect(input.position).toBeGreaterThanOrEqual(0);
    expect(input.position).toBeLessThanOrEqual(1);
    expect(input.centrality).toBeGreaterThanOrEqual(0);
    expect(input.centrality).toBeLessThanOrEqual(1);
    expect(input.narration).toBe(true);
  }
  expect(Math.max(...candidates.map((c) => c.input.centrality))).toBe(1);
});
