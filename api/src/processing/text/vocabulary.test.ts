import type { TimedWord } from '../speech-to-text/speech-to-text';
import {
  devCampaign,
  nameCounts,
  scoringWords,
  SESSIONS,
  WAYS,
  whisperTranscript,
  wordErrors,
} from '../transcript/fixtures/dev-campaign';
import { splitIntoLines, type TranscriptLine } from '../transcript/lines';
import { editDistance, similarity, soundKey } from './similarity';
import { correctToVocabulary, parseVocabulary } from './vocabulary';

const VOCABULARY = ['Thorin', 'Eldrawen', 'Kragmaw', 'Ysoldra Thane', 'Bo'];

function line(text: string): TranscriptLine {
  const words: TimedWord[] = text.split(' ').map((word, i) => ({ word, startMs: i * 400, endMs: i * 400 + 300 }));
  return { startMs: 0, endMs: words[words.length - 1].endMs, text, words };
}

const corrected = (text: string, vocabulary = VOCABULARY) => correctToVocabulary([line(text)], vocabulary)[0];

test('parses the vocabulary field: commas, semicolons and new lines; trimmed, deduplicated, multi-word names kept', () => {
  expect(parseVocabulary(' Thorin, Eldrawen;\nKragmaw\r\n\n"Ysoldra   Thane" , thorin, ;')).toEqual([
    'Thorin',
    'Eldrawen',
    'Kragmaw',
    'Ysoldra Thane',
  ]);
  expect(parseVocabulary('')).toEqual([]);
});

test('edit distance counts swaps as one edit; the sound key hears crag as krag and Torin as Thorin', () => {
  expect(editDistance('thorin', 'thorin')).toBe(0);
  expect(editDistance('thorin', 'thoirn')).toBe(1);
  expect(editDistance('kragmaw', 'kranma')).toBe(2);
  expect(similarity('', '')).toBe(1);
  expect(soundKey('crag maw')).toBe(soundKey('Kragmaw'));
  expect(soundKey('Torin')).toBe(soundKey('Thorin'));
});

test('near misses of a name become the name, keeping punctuation and possessives', () => {
  expect(corrected('Thoren swings his axe.').text).toBe('Thorin swings his axe.');
  expect(corrected('I follow Torin, quietly.').text).toBe('I follow Thorin, quietly.');
  expect(corrected("Kragmaws's guards? No, Kragmow's.").text).toBe("Kragmaw's guards? No, Kragmaw's.");
  expect(corrected('You free Isoldra from her chains.').text).toBe('You free Ysoldra from her chains.');
});

test('a name heard as several words becomes one word spanning their time', () => {
  const result = corrected('Eldra when draws her bow at the crag maw scouts.');
  expect(result.text).toBe('Eldrawen draws her bow at the Kragmaw scouts.');
  expect(result.words[0]).toEqual({ word: 'Eldrawen', startMs: 0, endMs: 700 });
  expect(result.words.find((w) => w.word === 'Kragmaw')).toEqual({ word: 'Kragmaw', startMs: 2800, endMs: 3500 });
  expect(result.words).toHaveLength(8);
});

test('ordinary English words are never touched, nor words a name merely contains', () => {
  const english = [
    'Thorough work, they are there on the throne and torn banners hang in the thorn hedge.',
    'The crag and the maw of the cave, a shiny crown, the dawn, and a warm drawn bow.',
    'Than the thane, older soldiers are sold to the boat.',
    'Thorin a brave dwarf, and Bob, and Boz.',
  ];
  for (const text of english) expect(corrected(text).text).toBe(text);
  expect(corrected('Eldrawen, Thorin!').text).toBe('Eldrawen, Thorin!');
  // A short name is only ever recased: "Bob" is not a misheard "Bo".
  expect(corrected('bo and Bob').text).toBe('Bo and Bob');
});

test('lines without word timings are corrected in their text', () => {
  const [result] = correctToVocabulary([{ startMs: 0, endMs: 900, text: 'Thoren nods.', words: [] }], VOCABULARY);
  expect(result).toEqual({ startMs: 0, endMs: 900, text: 'Thorin nods.', words: [] });
  expect(correctToVocabulary([line('Thoren nods.')], [])[0].text).toBe('Thoren nods.');
});

/**
 * How the names reach Whisper tiny.en, measured on the dev campaign (transcript/fixtures): word error
 * rate and names heard right, with and without correcting the lines to the vocabulary afterwards.
 */
test('post-correction finds more names and never adds a wrong one on real Whisper output', () => {
  const vocabulary = parseVocabulary(devCampaign.vocabulary);
  const results: Record<string, { wer: number; names: number; wrongNames: number }> = {};
  for (const way of WAYS) {
    for (const correct of [false, true]) {
      let errors = 0;
      let words = 0;
      let names = 0;
      let spoken = 0;
      let wrongNames = 0;
      for (const session of SESSIONS) {
        const raw = splitIntoLines(whisperTranscript(session, way));
        const text = (correct ? correctToVocabulary(raw, vocabulary) : raw).map((l) => l.text).join(' ');
        const script = devCampaign.sessions[session].map((u) => u.text).join(' ');
        errors += wordErrors(scoringWords(script), scoringWords(text));
        words += scoringWords(script).length;
        const said = nameCounts(script, vocabulary);
        const heard = nameCounts(text, vocabulary);
        said.forEach((n, i) => {
          spoken += n;
          names += Math.min(n, heard[i]);
          wrongNames += Math.max(0, heard[i] - n);
        });
      }
      results[`${way}${correct ? ' + correction' : ''}`] = { wer: errors / words, names: names / spoken, wrongNames };
    }
  }
  console.log(
    `dev campaign, Whisper tiny.en (seed 1):\n${Object.entries(results)
      .map(
        ([k, r]) =>
          `  ${k.padEnd(30)} WER ${(100 * r.wer).toFixed(1)} %, names ${(100 * r.names).toFixed(0)} %, wrong ${r.wrongNames}`,
      )
      .join('\n')}`,
  );
  for (const way of WAYS) {
    const plain = results[way];
    const fixed = results[`${way} + correction`];
    expect(fixed.names).toBeGreaterThan(plain.names);
    expect(fixed.wer).toBeLessThanOrEqual(plain.wer);
    expect(fixed.wrongNames).toBe(plain.wrongNames);
  }
});
