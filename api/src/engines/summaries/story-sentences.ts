import { capitalisedAsName, isCommonWord } from '../text/english-words';
import { sentences, words } from '../text/tokenize';
import { clausesOf, isVerb } from './compress';
import { conceptsOf, type Unit } from './coverage';
import { eventFeatures, eventScore, key, tokens } from './event-score';
import { tellsStory } from './story';
import type { SummaryInput } from './summarizer';
import { PARTY, thirdPerson, tokensOf } from './third-person';

// Fragments like "Yes." or "Okay, go." say nothing on their own.
const MIN_WORDS = 4;

// Below this many words a sentence without a verb is a label or a list of names, not an event.
const LABEL_MAX_WORDS = 6;

/** A sentence a recap may use: retold in the third person, with the line it came from. */
export interface StorySentence extends Unit {
  /** Position in the night, for putting picked sentences back in order. */
  index: number;
  /** The line (an index into the lines given) the sentence was said in. */
  line: number;
  text: string;
  /** Speech in quotes: a character's words, fine in a long recap, not in the brief one. */
  quotes: boolean;
  /** Someone doing something (story.ts), as every sentence of the brief recap must tell. */
  story: boolean;
}

/**
 * A short sentence in which nothing happens: names read out ("Timothy Hudson and Amir.") or a
 * label ("Geek and Sundry website."). Longer verbless sentences stay: there the tagger more often
 * missed a verb Whisper misspelled.
 */
function isLabel(sentence: string): boolean {
  if (sentence.split(/\s+/).length > LABEL_MAX_WORDS) return false;
  const tokens = tokensOf(sentence);
  return !tokens.some((_, k) => isVerb(tokens, k));
}

/**
 * The sentences a recap may use, retold in the third person ("Kira pulls out her dagger", not "I
 * pull out my dagger"), in story order. Left out: what cannot be retold (the GM talking as
 * themselves, players talking across the table), questions, dice and rules talk, a player saying
 * their own name or naming another player as themselves. Long sentences are cut into the shorter
 * sentences they hold (compress.ts).
 */
export function storySentences(lines: SummaryInput[], names: Set<string>, narrator?: string): StorySentence[] {
  const found: StorySentence[] = [];
  // "You" in narration is the player the GM answers (whose line came just before), else the party.
  let answered: string | undefined;
  const atTable = tableNames(lines);
  const untold = noVoiceToldApart(lines);
  for (const [line, input] of lines.entries()) {
    const speaker = input.speaker === narrator ? undefined : input.speaker;
    const addressee = answered ?? PARTY;
    for (const sentence of sentencesOf(withoutAsides(input.text)).flatMap(clausesOf)) {
      // Speech cut off ("Don't try and break--") is half a thought.
      if (words(sentence).length < MIN_WORDS || /^[-—]|[-—]$/.test(sentence)) continue;
      const f = eventFeatures(sentence, names);
      if (f.question || f.mechanics || f.outOfGame || f.filler || eventScore(f) <= 0) continue;
      if (speaker && saysOwnName(sentence, [speaker, ...(input.alsoKnownAs ?? [])])) continue;
      if (namesSomeoneAtTable(sentence, atTable)) continue;
      const told = thirdPerson(sentence, { speaker, addressee, unknown: untold });
      if (!told || isLabel(told)) continue;
      found.push({
        index: found.length,
        line,
        text: told,
        // Concepts from the words as said: the speaker's name put in by the retelling tells nothing new.
        concepts: conceptsOf(sentence, names),
        length: told.split(/\s+/).length,
        quotes: /["“”]/.test(told),
        story: tellsStory(told),
      });
    }
    answered = speaker;
  }
  return found;
}

/**
 * Whether the night tells no voice apart: no line has a speaker, or every line the same one (one
 * microphone, or a diarizer that heard one voice). Otherwise a line without a speaker is the GM's.
 */
function noVoiceToldApart(lines: SummaryInput[]): boolean {
  const voices = new Set(lines.map((l) => l.speaker));
  return voices.size === 1;
}

/** A text's words as names are keyed (lower case, no possessive 's). */
const keysOf = (text: string) => tokens(text).map(key);

/** Whether a sentence says a word of one of the speaker's names ("Sam" of "Sam Riegel"), in any case. */
function saysOwnName(sentence: string, names: string[]): boolean {
  const said = new Set(keysOf(sentence));
  return names.some((name) => keysOf(name).some((word) => said.has(word)));
}

/**
 * The words of the names the people at the table go by where the cast gives them story names
 * besides (players, the GM), lower case; a word of a character's name is not one ("Sam" playing
 * "Sam"). A voice the cast has not named protects none.
 */
function tableNames(lines: SummaryInput[]): Set<string> {
  const named = lines.filter((l) => l.alsoKnownAs?.length);
  const story = new Set(named.flatMap((l) => (l.speaker ? keysOf(l.speaker) : [])));
  const words = named.flatMap((l) => l.alsoKnownAs!.flatMap(keysOf));
  return new Set(words.filter((w) => w.length > 1 && !story.has(w)));
}

/**
 * Whether a sentence names one of the people at the table as a name (capitalised, "Sam's" too); at
 * the start of a sentence only a name that is no common English word ("Will you help us?" is not
 * about Will).
 */
function namesSomeoneAtTable(sentence: string, atTable: Set<string>): boolean {
  if (!atTable.size) return false;
  return tokens(sentence).some(
    (t, i) => atTable.has(key(t)) && capitalisedAsName(t) && (i > 0 || !isCommonWord(key(t))),
  );
}

/** The line without transcribers' asides: "(laughs)", "[Music]", "[LAURA, TRAVIS]". */
function withoutAsides(text: string): string {
  return text.replace(/\([^()]*\)|\[[^\]]*\]/g, ' ');
}

/**
 * A line's sentences, split at terminal punctuation (closing quotes and brackets stay with their
 * sentence); unpunctuated speech-to-text output stays whole. A character's speech often runs over
 * several sentences: each of its sentences gets its quote marks, so it reads as quoted speech.
 */
export function sentencesOf(text: string): string[] {
  let quoted = false;
  return sentences(text).map((s) => {
    const sentence = s.replace(/\s+/g, ' ').trim();
    const opensInside = quoted;
    if ((sentence.match(/["“”]/g) ?? []).length % 2) quoted = !quoted;
    return `${opensInside ? '"' : ''}${sentence}${quoted ? '"' : ''}`;
  });
}
