import type { TimedWord } from './speech-to-text';

// With `-time yes` each recognised token is printed as "word start end confidence", seconds.
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?(?:e-?\d+)?)$/;

/**
 * Reads the timed words out of pocketsphinx_continuous output, skipping the hypothesis lines,
 * the utterance and silence markers and fillers ([NOISE], [SPEECH], ++UH++), and removing the
 * dictionary's alternate-pronunciation suffixes ("that(2)" -> "that").
 */
export function parsePocketSphinxWords(output: string): TimedWord[] {
  const words: TimedWord[] = [];
  for (const line of output.split('\n')) {
    const m = WORD_LINE.exec(line.trim());
    if (!m) continue;
    const token = m[1];
    if (/^<.*>$|^\[.*\]$|^\+\+.*\+\+$/.test(token)) continue;
    words.push({
      word: token.replace(/\(\d+\)$/, ''),
      startMs: Math.round(Number(m[2]) * 1000),
      endMs: Math.round(Number(m[3]) * 1000),
    });
  }
  return words;
}

/** The end time (ms) of the last timed token in a piece of output, for progress. */
export function lastEndMs(output: string): number | undefined {
  let last: number | undefined;
  for (const line of output.split('\n')) {
    const m = WORD_LINE.exec(line.trim());
    if (m) last = Math.round(Number(m[3]) * 1000);
  }
  return last;
}
