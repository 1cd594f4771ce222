import type { TimedWord } from '../speech-to-text/speech-to-text';
import { assembleLines, type KeptChunk } from './assemble';
import { joinWords, type TranscriptLine } from './lines';

/** One sentence's words, 250 ms each with 100 ms between them, from `startMs` (chunk-relative). */
function sentence(text: string, startMs: number): TimedWord[] {
  return text.split(' ').map((word, i) => ({ word, startMs: startMs + i * 350, endMs: startMs + i * 350 + 250 }));
}

function chunk(index: number, startMs: number, words: TimedWord[], extra: Partial<KeptChunk> = {}): KeptChunk {
  const text = joinWords(words);
  const segments = [{ startMs: 0, endMs: words.at(-1)?.endMs ?? 0, text }];
  return { index, startMs, done: true, text, words, segments, ...extra };
}

test('refuses to assemble while a chunk is not transcribed yet, or when there is none', () => {
  const heard = chunk(0, 0, sentence('The door creaks open.', 0));
  const pending = chunk(1, 30_000, [], { done: false });
  expect(() => assembleLines([heard, pending], [])).toThrow('chunks not transcribed yet: 1');
  expect(() => assembleLines([], [])).toThrow('chunks not transcribed yet');
});

test("spells the campaign's names its way, and says who was heard in the order first heard", () => {
  const gm = chunk(0, 0, [...sentence('You meet Gredda at the inn.', 0), ...sentence('She nods.', 6_000)], {
    speaker: 'gm',
  });
  const sam = chunk(1, 0, sentence('I greet her.', 3_000), { speaker: 'sam' });
  const { lines, speakers } = assembleLines([gm, sam], ['Greda']);
  expect(lines.map((l) => [l.speaker, l.text])).toEqual([
    ['gm', 'You meet Greda at the inn.'],
    ['sam', 'I greet her.'],
    ['gm', 'She nods.'],
  ]);
  expect(speakers).toEqual(['gm', 'sam']);
});

test('hands the corrected lines to the classifier to cut apart, and keeps what it returns', () => {
  const seen: TranscriptLine[][] = [];
  const { lines } = assembleLines([chunk(0, 0, sentence('Roll for initiative.', 0))], [], (corrected) => {
    seen.push(corrected);
    return [...corrected, { ...corrected[0], text: 'cut part' }];
  });
  expect(seen.map((ls) => ls.map((l) => l.text))).toEqual([['Roll for initiative.']]);
  expect(lines.map((l) => l.text)).toEqual(['Roll for initiative.', 'cut part']);
});
