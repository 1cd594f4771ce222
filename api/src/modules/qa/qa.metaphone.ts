import doubleMetaphone from 'double-metaphone';
import { isEnglishWord } from '../../engines/text/english-words';
import type { QaIndex } from './qa.index';
import { RETRIEVAL } from './qa.tuning';

/**
 * A word's Double Metaphone codes (primary and alternate), heard without an r that follows a vowel
 * and comes before no vowel: Whisper writes a non-rhotic "Oswald" as "asworld", "Marta" as "Mata".
 * Codes shorter than RETRIEVAL.minSoundLength are left out: they sound like too many words.
 */
export function metaphoneKeys(word: string): string[] {
  const heard = word.toLowerCase().replace(/([aeiou])r(?![aeiouy])/g, '$1');
  return [...new Set(doubleMetaphone(heard))].filter((code) => code.length >= RETRIEVAL.minSoundLength);
}

/** By index: its names keyed by Double Metaphone, made on the first question that needs them. */
const keyed = new WeakMap<QaIndex, Map<string, string[]>>();

/**
 * The lexemes of the scope that may be a name (no dictionary word, and written as a whole word by
 * some line: a stem such as "castl" is a common word's) by their Double Metaphone codes.
 */
function namesBySound(index: QaIndex): Map<string, string[]> {
  let names = keyed.get(index);
  if (names) return names;
  names = new Map();
  for (const [lexeme, postings] of index.postings) {
    if (!/^[a-z]+$/.test(lexeme) || isEnglishWord(lexeme)) continue;
    if (!new RegExp(`\\b${lexeme}\\b`, 'i').test(index.text[postings.lines[0]])) continue;
    for (const code of metaphoneKeys(lexeme)) names.set(code, [...(names.get(code) ?? []), lexeme]);
  }
  keyed.set(index, names);
  return names;
}

/**
 * The scope's name-like lexemes that Double Metaphone hears as the question's name. The question's
 * word is the caller's to guard (a name no dictionary holds), so neither side is a common word.
 */
export function soundsLikeName(index: QaIndex, lexeme: string): string[] {
  const names = namesBySound(index);
  return [...new Set(metaphoneKeys(lexeme).flatMap((code) => names.get(code) ?? []))].filter((l) => l !== lexeme);
}
