import { markOutsideTheGame } from './game-edges';

/** `n` lines of `words` words each, all marked (`talk`) or all in play. */
const run = (n: number, words: number, talk: boolean) =>
  Array.from({ length: n }, () => ({ text: Array(words).fill('word').join(' '), tableTalk: talk }));

const marks = (lines: Array<{ text: string; tableTalk: boolean }>) =>
  markOutsideTheGame(
    lines.map((l) => l.text),
    lines.map((l) => ({ tableTalk: l.tableTalk, score: l.tableTalk ? 0.9 : 0.1 })),
  ).map((l) => l.tableTalk);

test('lines before the game starts and after it ends are table talk, though some read as play', () => {
  // Pre-game chat with a line a model of words calls play, an hour of play, then the goodbyes.
  const lines = [
    ...run(6, 20, true),
    { text: 'Congrats, level 64, so you are just barely into the expansion, good man.', tableTalk: false },
    ...run(4, 20, true),
    ...run(60, 30, false),
    ...run(2, 10, true),
    ...run(30, 30, false),
    ...run(5, 20, true),
    { text: 'And everyone lived, barely.', tableTalk: false },
    ...run(3, 20, true),
  ];
  const marked = marks(lines);
  expect(marked.slice(0, 11).every(Boolean)).toBe(true);
  expect(marked.slice(-9).every(Boolean)).toBe(true);
  // Inside the game a line's own label stands: the short aside stays marked, the play stays in play.
  expect(marked.slice(11, 71).some(Boolean)).toBe(false);
  expect(marked.slice(71, 73).every(Boolean)).toBe(true);
  expect(marked.slice(73, 103).some(Boolean)).toBe(false);
});

test('a long break does not take the play before it out of the game', () => {
  const lines = [...run(2, 20, true), ...run(40, 30, false), ...run(150, 30, true), ...run(100, 30, false)];
  const marked = marks(lines);
  expect(marked.slice(2, 42).some(Boolean)).toBe(false);
  expect(marked.slice(192).some(Boolean)).toBe(false);
});

test('a short night, or a little talk at the edges, is left as the lines were labelled', () => {
  // Minutes of play: no run of play long enough to call the game's start by.
  const short = [...run(3, 20, true), { text: 'The gate opens.', tableTalk: false }, ...run(20, 20, false)];
  expect(marks(short)).toEqual(short.map((l) => l.tableTalk));
  // An hour of play that opens with its narration, a short aside after it: the narration stays.
  const opening = [...run(2, 20, false), ...run(2, 25, true), ...run(60, 30, false)];
  expect(marks(opening)).toEqual(opening.map((l) => l.tableTalk));
});
