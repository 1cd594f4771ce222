import type { TimedWord } from '../speech-to-text/speech-to-text';

const bare = (token: string) => token.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** How far ahead in the text a word looks for its spelling: both come from one decode, so they rarely drift. */
const LOOKAHEAD = 8;

/**
 * Gives timed words the punctuation and casing of the transcript text when they have none.
 * faster-whisper's words carry their punctuation ("rain."); OpenAI's own word list does not
 * ("rain"), though its segment text does, and sentence ends are where lines break.
 */
export function punctuateWords(words: TimedWord[], text: string): TimedWord[] {
  if (words.some((w) => /[.?!,;:]/.test(w.word))) return words;
  const tokens = text.split(/\s+/).filter((t) => bare(t));
  let at = 0;
  return words.map((word) => {
    const key = bare(word.word);
    for (let k = at; k < Math.min(tokens.length, at + LOOKAHEAD); k++) {
      if (bare(tokens[k]) === key) {
        at = k + 1;
        return { ...word, word: tokens[k] };
      }
    }
    return word;
  });
}
