import type { TimedWord } from '../speech-to-text/speech-to-text';
import { joinWords } from './lines';
import { sessionLines, speakersOf, type TimedChunk } from './session-lines';

/** One sentence's words, 250 ms each with 100 ms between them, from `startMs` (chunk-relative). */
function sentence(text: string, startMs: number): TimedWord[] {
  return text.split(' ').map((word, i) => ({ word, startMs: startMs + i * 350, endMs: startMs + i * 350 + 250 }));
}

function chunk(startMs: number, words: TimedWord[], extra: Partial<TimedChunk> = {}): TimedChunk {
  const text = joinWords(words);
  return { startMs, text, words, segments: [{ startMs: 0, endMs: words.at(-1)!.endMs, text }], ...extra };
}

test('lines and their words move from chunk time to session time', () => {
  const [line] = sessionLines([chunk(60_000, sentence('The door creaks open.', 500))]);
  expect(line).toMatchObject({ text: 'The door creaks open.', startMs: 60_500, endMs: 61_800 });
  expect(line.words.map((w) => w.startMs)).toEqual([60_500, 60_850, 61_200, 61_550]);
});

test("a track's speaker names its lines, and the tracks interleave as spoken", () => {
  const gm = chunk(0, [...sentence('You enter the hall.', 0), ...sentence('A guard waves.', 5_000)], { speaker: 'gm' });
  const sam = chunk(0, sentence('I wave back.', 2_000), { speaker: 'sam' });
  const lines = sessionLines([gm, sam]);
  expect(lines.map((l) => [l.speaker, l.text])).toEqual([
    ['gm', 'You enter the hall.'],
    ['sam', 'I wave back.'],
    ['gm', 'A guard waves.'],
  ]);
  expect(speakersOf(lines)).toEqual(['gm', 'sam']);
});

test('without a track, a line takes the speaker of the diarized segment its middle falls in', () => {
  const words = [...sentence('Roll for initiative.', 0), ...sentence('I got a twelve.', 3_000)];
  const text = joinWords(words);
  const diarized = chunk(0, words, {
    segments: [
      { startMs: 0, endMs: 2_000, text: 'Roll for initiative.', speaker: 'A' },
      { startMs: 2_500, endMs: 5_000, text: 'I got a twelve.', speaker: 'B' },
    ],
    text,
  });
  expect(sessionLines([diarized]).map((l) => l.speaker)).toEqual(['A', 'B']);
  expect(sessionLines([chunk(0, words)]).map((l) => l.speaker)).toEqual([undefined, undefined]);
});
