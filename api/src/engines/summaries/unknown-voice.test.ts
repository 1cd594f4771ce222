import { storySentences } from './story-sentences';
import { PARTY, thirdPerson } from './third-person';

// A night from one microphone has no voices: a player's declared deed ("I shoot her") is as much the
// story as the GM's narration, so it is told as someone's, not dropped as the GM talking as themselves.

test('an unknown voice\'s "I" is told as someone\'s; the known GM\'s own "I" still is not told', () => {
  const unknown = { addressee: PARTY, unknown: true };
  expect(thirdPerson('I shoot Magda with two arrows.', unknown)).toBe('Someone shoots Magda with two arrows.');
  expect(thirdPerson('I grab my torch and burn the thorns.', unknown)).toBe(
    'Someone grabs their torch and burns the thorns.',
  );
  expect(thirdPerson('We climb the stairs carefully.', unknown)).toBe('The party climbs the stairs carefully.');
  expect(thirdPerson('I shoot Magda with two arrows.', { addressee: PARTY })).toBeNull();
});

test("lines with no voice keep the players' deeds among the sentences a recap may tell", () => {
  const lines = [
    { text: 'The witch Magda stands over the lantern at the top of the tower.', startMs: 0 },
    { text: 'I grab the moon lantern and pour water on the green fire.', startMs: 1000 },
    { text: 'She screams and falls from the window into the marsh.', startMs: 2000 },
  ];
  const told = storySentences(lines, new Set(['magda'])).map((s) => s.text);
  expect(told).toContain('Someone grabs the moon lantern and pours water on the green fire.');
});

test("a night that tells its voices apart keeps the GM's unvoiced lines the GM's", () => {
  const lines = [
    { text: 'The witch Magda stands over the lantern at the top of the tower.', startMs: 0 },
    { text: 'I grab the moon lantern and pour water on the green fire.', startMs: 1000 },
    { text: 'I grab the moon lantern and pour water on the green fire.', startMs: 2000, speaker: 'Fenwick' },
  ];
  const told = storySentences(lines, new Set(['magda'])).map((s) => s.text);
  expect(told).toEqual([
    'The witch Magda stands over the lantern at the top of the tower.',
    'Fenwick grabs the moon lantern and pours water on the green fire.',
  ]);
  // One label on every line tells no one apart either.
  const one = lines.map((l) => ({ ...l, speaker: 'Speaker 1' }));
  expect(storySentences(one, new Set(['magda']), 'Speaker 1').map((s) => s.text)).toContain(
    'Someone grabs the moon lantern and pours water on the green fire.',
  );
});
