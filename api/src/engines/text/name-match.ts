import { isEnglishWord } from './english-words';
import { phoneticKey } from './phonetic';
import { similarity, soundKey } from './similarity';

// When heard words are close enough to one of the campaign's names; vocabulary.ts reads the words
// and puts the names in.

/**
 * How close a misheard name must come by letters (`similarity`, `soundKey`) and sound (`phoneticKey`):
 * the more English the words, the closer, so names are mended without rewriting speech. Not English,
 * a quarter may miss ("Messeline" → "Vessaline"); capitalised mid-sentence or heard unsure, the same
 * sound ("Vale" → "Veyla"); ordinary words, both close ("crag maw" → "Kragmaw", not "core win"), and
 * only function words, the very same sound ("is may" → "Ysmay"). One ordinary word never: not "will".
 */
const CLOSE = 0.75;
const JOINED_CLOSE = 0.85;
const ENGLISH_CLOSE = 0.8;
const MIXED_ENGLISH_CLOSE = 0.85;
/** Joined words that sound like a name must spell it roughly too: "Tower on" is not "Thorin". */
const JOINED_LETTERS = 0.7;
const SOUNDS_ALIKE = 0.75;
/** An unknown word that sounds like a name must share most letters: "Taurun" (a ruined tower) is no "Thorin". */
const UNKNOWN_LETTERS = 0.6;
/** Letters and sound averaged; below this nothing is a candidate (see `Candidate.score`). */
const CANDIDATE = 0.6;
/** A capitalised English word that sounds the same may be spelled rather differently ("Vale", "Veyla"). */
const SAME_SOUND_LETTERS = 0.4;
/** Names shorter than this must be heard exactly: too many words are one letter from them. */
const MIN_LETTERS = 4;

export interface Name {
  spelling: string[];
  letters: string;
  sound: string;
  phonetic: string;
}

/** What a heard word says about being (part of) a name. */
export interface Clue {
  core: string;
  english: boolean;
  common: boolean;
  function: boolean;
  /** Starts a clause or phrase: an article, pronoun or preposition. */
  clause: boolean;
  /** Not English, or capitalised where English would not be. */
  namelike: boolean;
  /** The engine was unsure of the word; an engine that gives no probabilities is taken at its word. */
  unsure: boolean;
}

export const letters = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The names to listen for: each entry whole, and the unusual words of a several-word name alone. */
export function namesOf(vocabulary: string[]): Name[] {
  const all = new Map<string, Name>();
  const add = (spelling: string[]) => {
    const key = letters(spelling.join(''));
    if (key && !all.has(key)) {
      all.set(key, { spelling, letters: key, sound: soundKey(key), phonetic: phoneticKey(key) });
    }
  };
  for (const entry of vocabulary) {
    const parts = entry.split(/\s+/).filter(Boolean);
    add(parts);
    // "Ysoldra Thane" is often just "Ysoldra"; "Thane" alone is an English word and stays one.
    if (parts.length > 1)
      parts.filter((p) => letters(p).length >= MIN_LETTERS && !isEnglishWord(p)).forEach((p) => add([p]));
  }
  return [...all.values()];
}

export interface Candidate {
  name: number;
  /** Letters: the closer of the spellings and of their sound keys. */
  letters: number;
  spelling: number;
  sound: number;
  /** Letters and sound averaged, to rank candidates. */
  score: number;
}

/** Names close enough to some letters to be worth a rule; the same words recur, so each is scored once. */
export class Scorer {
  private readonly cache = new Map<string, Candidate[]>();

  constructor(readonly names: Name[]) {}

  candidates(core: string): Candidate[] {
    let found = this.cache.get(core);
    if (found) return found;
    found = [];
    const sound = soundKey(core);
    const phonetic = phoneticKey(core);
    this.names.forEach((name, n) => {
      if (core === name.letters) {
        found.push({ name: n, letters: 1, spelling: 1, sound: 1, score: 1 });
        return;
      }
      if (name.letters.length < MIN_LETTERS) return;
      const alike = similarity(phonetic, name.phonetic, 2 * CANDIDATE - 1);
      const floor = 2 * CANDIDATE - alike;
      if (floor > 1) return;
      const spelling = similarity(core, name.letters, floor);
      const close = Math.max(spelling, similarity(sound, name.sound, floor));
      const score = (close + alike) / 2;
      if (score >= CANDIDATE) found.push({ name: n, letters: close, spelling, sound: alike, score });
    });
    this.cache.set(core, found);
    return found;
  }

  score(core: string, name: number): number {
    return this.candidates(core).find((c) => c.name === name)?.score ?? 0;
  }
}

/** Whether heard words with these clues are close enough to a name (see the thresholds above). */
export function accepted(span: Clue[], next: Clue | undefined, c: Candidate): boolean {
  if (c.spelling === 1) return true;
  const [first] = span;
  const last = span[span.length - 1];
  if (span.length === 1) {
    if (!first.english) return c.letters >= CLOSE || (c.sound >= SOUNDS_ALIKE && c.letters >= UNKNOWN_LETTERS);
    if (!first.namelike) return false;
    return (c.sound === 1 && c.spelling >= SAME_SOUND_LETTERS) || (c.sound >= SOUNDS_ALIKE && c.letters >= CLOSE);
  }
  // "Tam is in the doorway": an English first word, then function words, then a clause going on.
  if (first.english && last.function && next?.clause) return false;
  // Words the engine was unsure of ("Is not the praxis" for "Is that Nythraxis") are as open to a
  // name as a capitalised guess; everyday words it heard with confidence ("the tower is old") are not.
  if (first.namelike || span.some((w) => w.unsure)) {
    return (c.sound >= SOUNDS_ALIKE && c.letters >= JOINED_LETTERS && c.score >= CLOSE) || c.letters >= JOINED_CLOSE;
  }
  // "or when the market opens" went on as a clause (above); "or when draws her bow" needs a name.
  if (span.every((w) => w.function)) return c.sound === 1 && c.spelling >= ENGLISH_CLOSE;
  // "is old" is everyday English and only a sixth of "Isolde" short: a function word asks for more.
  if (span.some((w) => w.function)) return c.sound === 1 && c.spelling >= MIXED_ENGLISH_CLOSE;
  // "core win" is everyday English; "crag maw" is not.
  return c.sound >= ENGLISH_CLOSE && c.spelling >= ENGLISH_CLOSE && !span.every((w) => w.common);
}
