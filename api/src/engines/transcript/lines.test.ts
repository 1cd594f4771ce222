import type { ChunkTranscript, TimedWord } from '../speech-to-text/speech-to-text';
import { SESSIONS, devCampaign, whisperTranscript } from './fixtures/dev-campaign';
import { endsSentence, joinWords, splitIntoLines } from './lines';

/** Words as faster-whisper times them: `gaps[i]` ms of silence before word i, each word 250 ms long. */
function timed(text: string, gaps: Record<number, number> = {}, startMs = 0): TimedWord[] {
  let at = startMs;
  return text.split(' ').map((word, i) => {
    at += gaps[i] ?? 120;
    const w = { word, startMs: at, endMs: at + 250 };
    at += 250;
    return w;
  });
}

function transcript(words: TimedWord[], segments?: ChunkTranscript['segments']): ChunkTranscript {
  const text = joinWords(words);
  return {
    text,
    words,
    segments: segments ?? [{ startMs: words[0].startMs, endMs: words[words.length - 1].endMs, text }],
  };
}

const texts = (t: ChunkTranscript, options?: Parameters<typeof splitIntoLines>[1]) =>
  splitIntoLines(t, options).map((l) => l.text);

test("a player's food order and the GM's narration in one Whisper segment become separate lines", () => {
  // As Whisper tiny.en returned it: one segment, 160 ms between the turns.
  const words = timed(
    "Can someone order me a pepperoni pizza with extra cheese? I'm starving. The streets of Morrowgate are quiet.",
    { 12: 160 },
    44_000,
  );
  const lines = splitIntoLines(transcript(words));
  expect(lines.map((l) => l.text)).toEqual([
    'Can someone order me a pepperoni pizza with extra cheese?',
    "I'm starving.",
    'The streets of Morrowgate are quiet.',
  ]);
  expect(lines[2]).toMatchObject({ startMs: words[12].startMs, endMs: words[17].endMs });
  expect(lines[2].words).toEqual(words.slice(12));
});

test('abbreviations, decimals and initials do not end sentences', () => {
  const words = timed('Mr. Grimsby rides to St. Aubrielle, we play 3 .5 rules, not 5th edition. He nods.');
  expect(texts(transcript(words))).toEqual([
    'Mr. Grimsby rides to St. Aubrielle, we play 3.5 rules, not 5th edition.',
    'He nods.',
  ]);
  expect(endsSentence('3.', '5')).toBe(false);
  expect(endsSentence('3.', 'The')).toBe(true);
  expect(endsSentence('wait...')).toBe(true);
  expect(endsSentence('"Run!"')).toBe(true);
});

test('Whisper tokens that carry no leading space join the word before them', () => {
  expect(joinWords(timed("That's a 14 -plus -2, so 16, the dragon 's breath."))).toBe(
    "That's a 14-plus-2, so 16, the dragon's breath.",
  );
});

test('a long pause ends a line, a short one does not', () => {
  const words = timed('I attack the goblin with my axe the goblin dodges', { 6: 900, 3: 500 });
  expect(texts(transcript(words))).toEqual(['I attack the goblin with my', 'axe the goblin dodges']);
  expect(texts(transcript(words), { pauseMs: 1000 })).toEqual(['I attack the goblin with my axe the goblin dodges']);
});

test('an overlong line is cut at a comma near its middle', () => {
  const first = 'The bridge sways as the wind picks up and the ropes creak under the weight of the whole party,';
  const second = 'and far below the river roars over black rocks that glisten like the teeth of some hungry beast.';
  const lines = splitIntoLines(transcript(timed(`${first} ${second}`)));
  expect(lines.map((l) => l.text)).toEqual([first, second]);
  expect(lines.every((l) => l.words.length <= 30)).toBe(true);
});

test('words without punctuation (OpenAI whisper-1) take it from the segment text', () => {
  const words = timed('Roll initiative The orcs charge Who wants pizza').map((w) => ({
    ...w,
    word: w.word.toLowerCase(),
  }));
  const segments = [{ startMs: 0, endMs: words[7].endMs, text: 'Roll initiative. The orcs charge! Who wants pizza?' }];
  expect(texts({ text: segments[0].text, words, segments })).toEqual([
    'Roll initiative.',
    'The orcs charge!',
    'Who wants pizza?',
  ]);
});

test('without words, segment text is cut at sentence ends and timed by its share of the characters', () => {
  const lines = splitIntoLines({
    text: '',
    words: [],
    segments: [
      { startMs: 10_000, endMs: 13_000, text: 'Roll initiative. Who wants more chips?' },
      { startMs: 14_000, endMs: 15_000, text: 'I attack.' },
    ],
  });
  expect(lines).toEqual([
    { startMs: 10_000, endMs: 11_297, text: 'Roll initiative.', words: [] },
    { startMs: 11_297, endMs: 13_000, text: 'Who wants more chips?', words: [] },
    { startMs: 14_000, endMs: 15_000, text: 'I attack.', words: [] },
  ]);
  expect(splitIntoLines({ text: '', words: [], segments: [] })).toEqual([]);
});

/** Lines (or segments) whose words come from utterances of both labels: table talk riding into game lines. */
function mixed(session: string, spans: { startMs: number; endMs: number }[]): number {
  const utterances = devCampaign.sessions[session];
  return spans.filter((span) => {
    const labels = new Set(
      utterances.filter((u) => u.endMs > span.startMs + 100 && u.startMs < span.endMs - 100).map((u) => u.label),
    );
    return labels.size > 1;
  }).length;
}

test('on real Whisper output, lines keep every word and mix table talk into play less than segments', () => {
  let segmentsMixed = 0;
  let linesMixed = 0;
  let segmentCount = 0;
  let lineCount = 0;
  for (const session of SESSIONS) {
    const chunk = whisperTranscript(session, 'plain');
    const lines = splitIntoLines(chunk);
    expect(lines.flatMap((l) => l.words)).toEqual(chunk.words);
    for (const line of lines)
      expect(line.words.slice(0, -1).some((w, i) => endsSentence(w.word, line.words[i + 1].word))).toBe(false);
    segmentsMixed += mixed(session, chunk.segments);
    linesMixed += mixed(session, lines);
    segmentCount += chunk.segments.length;
    lineCount += lines.length;
  }
  console.log(
    `dev campaign, Whisper tiny.en: ${segmentCount} segments, ${segmentsMixed} mixing table talk and play; ` +
      `${lineCount} lines, ${linesMixed} mixing`,
  );
  expect(linesMixed).toBeLessThan(segmentsMixed);
});
