import { STOP_WORDS, words } from '../text/tokenize';
import * as lexicon from './lexicon';

/**
 * What makes a transcript sentence a story event rather than talk around it: who (names), did what
 * (narrative verbs), where (places) and with what (found items), against the game's own mechanics
 * ("Roll for initiative.", "That's a 14.") and filler ("Okay, let's see."). The word lists
 * (lexicon.ts) are matched on crude stems so "steals", "stealing" and "stolen" count alike.
 */

const EVENT_VERBS = stems(lexicon.EVENT_VERBS);
export const PLACES = stems(lexicon.PLACES);
export const ITEMS = stems(lexicon.ITEMS);
export const CREATURES = stems(lexicon.CREATURES);

const MECHANICS = stems(lexicon.MECHANICS);
// Mechanics said in two words, whose halves alone are story words ("she throws", "he saves her").
const MECHANIC_PHRASES = /\b(sav(e|es|ing) throws?|hit points?|spell slots?)\b/i;
const NUMBER_WORD =
  /^(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|thirty|forty|fifty)$/;
const OUT_OF_GAME = wordSet(lexicon.OUT_OF_GAME);
const FILLER = wordSet(lexicon.FILLER);
const OPENERS = wordSet(lexicon.OPENERS);

/**
 * Crude stemmer shared by the word lists and the text: folds -s, -es, -ed, -ing and a final -e,
 * so "arrive", "arrives", "arrived" and "arriving" meet at "arriv"; -ies and -ied fold to -y
 * ("carries", "carried": "carry"), and a consonant doubled before -ed or -ing is one ("grabbed").
 */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (/^[a-z]+ie[sd]$/.test(w)) return w.length > 4 ? `${w.slice(0, -3)}y` : w.slice(0, -1);
  const bare = w;
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && /(s|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w !== bare && /(ed|ing)$/.test(bare) && w.length > 3 && /([^aeiouylsfz])\1$/.test(w)) w = w.slice(0, -1);
  return w.length > 3 && w.endsWith('e') ? w.slice(0, -1) : w;
}

function wordSet(lines: string[]): Set<string> {
  return new Set(lines.join(' ').split(/\s+/));
}

function stems(lines: string[]): Set<string> {
  return new Set([...wordSet(lines)].map(stem));
}

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const CAPITALISED = /^\p{Lu}/u;

/** A sentence's words as written (case kept). */
export function tokens(sentence: string): string[] {
  return sentence.match(TOKEN) ?? [];
}

/** A word as the name set and the word lists key it: lower case, without a possessive 's. */
export function key(token: string): string {
  return token.toLowerCase().replace(/['’]s$/, '');
}

/**
 * The session's names: words written capitalised inside a sentence (Whisper capitalises names,
 * not common words), minus "I" and its contractions. A sentence-initial capital says nothing by
 * itself, so an opening word counts as a name only when it is capitalised elsewhere too, or
 * never appears in lower case and is no common opener.
 */
export function sessionNames(sentences: string[]): Set<string> {
  const inside = new Set<string>();
  const opening = new Set<string>();
  const lower = new Set<string>();
  for (const sentence of sentences) {
    tokens(sentence).forEach((token, i) => {
      const k = key(token);
      if (!CAPITALISED.test(token)) lower.add(k);
      else if (i === 0) opening.add(k);
      else inside.add(k);
    });
  }
  const names = new Set<string>();
  const isWord = (w: string) => w !== 'i' && !w.startsWith("i'") && !/^\d/.test(w) && !STOP_WORDS.has(w);
  for (const w of inside) if (isWord(w) && !FILLER.has(w) && !OPENERS.has(w)) names.add(w);
  for (const w of opening) if (isWord(w) && !lower.has(w) && !FILLER.has(w) && !OPENERS.has(w)) names.add(w);
  return names;
}

export interface EventFeatures {
  names: number;
  verbs: number;
  /** Someone is seen doing something: a name, creature or he/she/it/they/you right before a verb. */
  acts: boolean;
  places: number;
  items: number;
  creatures: number;
  mechanics: number;
  outOfGame: number;
  filler: boolean;
  question: boolean;
  contentWords: number;
}

// After these a listed verb is a noun ("the fire", "his bow").
const DETERMINERS = new Set('the a an his her my their its your our this these those'.split(' '));
// Subjects of narration. "I" and "we" are players saying what they try; the outcome is narrated after.
const PRONOUNS = new Set('you he she it they'.split(' '));
// Between a subject and its verb ("Mira then grabs", "he quietly slips", "Merrick himself steps").
const ADVERB = /^(then|also|just|still|already|soon|\w+ly|\w+self|themselves)$/;

export function eventFeatures(sentence: string, names: Set<string>): EventFeatures {
  const raw = tokens(sentence);
  const keys = raw.map(key);
  const stemmed = keys.map(stem);
  const count = (set: Set<string>) => stemmed.filter((s) => set.has(s)).length;
  // A subject: a name or a creature (not a possessive, "Merrick's boots"), or a pronoun.
  const subject = (i: number) =>
    i >= 0 && !/['’]s$/.test(raw[i]) && (names.has(keys[i]) || CREATURES.has(stemmed[i]) || PRONOUNS.has(keys[i]));
  const subjectBefore = (i: number) => subject(i - 1) || (ADVERB.test(keys[i - 1] ?? '') && subject(i - 2));
  // A listed verb anywhere but after a determiner; an unlisted word only right after a subject
  // and in a verb's form ("Tobin scrambles", "the wyvern lashed"), so the lexicon need not foresee
  // every deed.
  const verbAt = (i: number) => {
    if (DETERMINERS.has(keys[i - 1] ?? '') || STOP_WORDS.has(keys[i])) return false;
    if (EVENT_VERBS.has(stemmed[i])) return true;
    return subjectBefore(i) && /^[a-z]{3,}([^s'’]s|ed)$/.test(keys[i]) && !CREATURES.has(stemmed[i]);
  };
  const verbs = keys.map((_, i) => verbAt(i));
  const numbers = keys.filter((k) => NUMBER_WORD.test(k)).length;
  return {
    names: new Set(keys.filter((t) => names.has(t))).size,
    verbs: verbs.filter(Boolean).length,
    acts: verbs.some((v, i) => v && subjectBefore(i)),
    places: count(PLACES),
    creatures: count(CREATURES),
    items: count(ITEMS) + (/\b(\d+|[a-z]+ty|hundred|thousand)\s+(gold|silver|coins?)\b/i.test(sentence) ? 1 : 0),
    // A bare number ("22.", "That's a 14.", "Nineteen.") is a roll being called out.
    mechanics: count(MECHANICS) + (MECHANIC_PHRASES.test(sentence) ? 1 : 0) + (numbers && keys.length <= 3 ? 2 : 0),
    outOfGame: keys.filter((t) => OUT_OF_GAME.has(t)).length,
    filler: FILLER.has(keys[0] ?? ''),
    question: /\?["”')\]]*$/.test(sentence.trim()),
    contentWords: words(sentence).filter((w) => !STOP_WORDS.has(w)).length,
  };
}

/**
 * How much of a story event a sentence is, roughly 0..1: names and places weigh most (who and
 * where are what players ask about), then what was done (more when someone is seen doing it) and
 * found; mechanics, filler and questions across the table pull it down.
 */
export function eventScore(f: EventFeatures): number {
  const who = Math.min(f.names, 2) * 0.22 + Math.min(f.creatures, 1) * 0.12;
  const what = Math.min(f.verbs, 2) * 0.15 + (f.acts ? 0.1 : 0);
  const where = Math.min(f.places, 2) * 0.12;
  const found = Math.min(f.items, 2) * 0.15;
  let score = who + what + where + found;
  if (f.mechanics) score -= 0.4 * Math.min(f.mechanics, 2);
  if (f.outOfGame) score -= 1;
  if (f.filler) score -= 0.15;
  if (f.question) score -= 0.25;
  if (f.contentWords < 2) score -= 0.3;
  else if (f.contentWords < 3) score -= 0.1;
  return Math.max(-1, Math.min(1, score));
}
