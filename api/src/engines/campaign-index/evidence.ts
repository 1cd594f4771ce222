import { isEnglishWord } from '../text/english-words';
import { editDistance } from '../text/similarity';

/** What a line of the campaign tells about its speaker; a subset of IndexLine. */
export interface VoicedLine {
  sessionId: string;
  text: string;
  speaker?: string | null;
  narration?: boolean;
}

/** How often a word is written inside sentences, capitalised and in lower case. */
export interface CaseCount {
  upper: number;
  lower: number;
}

const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;
/** As find-names.ts reads a sentence's end: a speaker breaking off ("--") starts one too. */
const SENTENCE_END = /(?:[.?!:"“”…)\]]|--|[—–])\s*$/u;

/**
 * Whether each line is the GM's narration: as the caller says where it does (`narration`), else by
 * its speaker being the voice that says the most words in its session, since at a table the GM
 * talks most. Undefined where a session's lines name no speaker: nothing tells who narrates.
 */
export function narrationOf(lines: readonly VoicedLine[]): Array<boolean | undefined> {
  const words = new Map<string, Map<string, number>>();
  for (const line of lines) {
    if (!line.speaker) continue;
    const bySpeaker = words.get(line.sessionId) ?? new Map<string, number>();
    words.set(line.sessionId, bySpeaker);
    bySpeaker.set(line.speaker, (bySpeaker.get(line.speaker) ?? 0) + line.text.split(/\s+/).length);
  }
  const narrator = new Map<string, string>();
  for (const [sessionId, bySpeaker] of words) {
    // Ties go to the first label in sort order, so the same lines always give the same narrator.
    const [top] = [...bySpeaker].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    narrator.set(sessionId, top[0]);
  }
  return lines.map((line) => {
    if (line.narration !== undefined) return line.narration;
    if (!line.speaker) return undefined;
    return narrator.get(line.sessionId) === line.speaker;
  });
}

/**
 * Every word's count inside sentences (not opening one), capitalised and not, over all lines: an
 * everyday word a speaker capitalised now and then ("Well", "Mark") is written in lower case far
 * more often, where a name ("Trinket", "Carvers") almost never is.
 */
export function caseCounts(lines: readonly { text: string }[]): Map<string, CaseCount> {
  const counts = new Map<string, CaseCount>();
  for (const { text } of lines) {
    let previousEnd = 0;
    for (const m of text.matchAll(WORD)) {
      const start = m.index ?? 0;
      const opens = previousEnd === 0 || SENTENCE_END.test(text.slice(previousEnd, start));
      previousEnd = start + m[0].length;
      if (opens) continue;
      const key = m[0].toLowerCase().replace(/['’]/g, '');
      const count = counts.get(key) ?? { upper: 0, lower: 0 };
      counts.set(key, count);
      if (/^\p{Lu}/u.test(m[0])) count.upper += 1;
      else count.lower += 1;
    }
  }
  return counts;
}

/** The words of the speakers' own labels ("Laura", "Marisha and Taliesin"): the players, not the story. */
export function speakerWords(lines: readonly VoicedLine[]): Set<string> {
  const out = new Set<string>();
  for (const line of lines)
    for (const word of line.speaker?.toLowerCase().match(WORD) ?? []) if (word !== 'and') out.add(word);
  return out;
}

/** What the campaign's lines say about every name at once (the inputs of hasEvidence). */
export interface Facts<L> {
  /** Each line's narration (narrationOf), by line. */
  narrated: ReadonlyMap<L, boolean | undefined>;
  cases: ReadonlyMap<string, CaseCount>;
  speakers: ReadonlySet<string>;
}

/** The part of a found name hasEvidence reads. */
export interface Said<L> {
  line: L;
  key: string;
  text: string;
  start: number;
  /** A title said before it ("Sister Maren"): a person, never an exclamation. */
  title: string;
  weak: boolean;
  common: boolean;
}

/**
 * Whether a name found in the transcripts (and not known from the cast or vocabulary) earns an
 * entry: capitalised as a name somewhere, not a player's own label, not an everyday word written
 * mostly in lower case, and said in two lines or introduced by the GM's narration (or on a line
 * whose speaker nobody tells: a recording from one microphone names no GM).
 */
export function hasEvidence<L extends { text: string }>(
  key: string,
  mentions: readonly Said<L>[],
  facts: Facts<L>,
): boolean {
  if (!mentions.some((m) => !m.weak)) return false;
  const words = key.split(' ');
  // By each mention's own spelling, a player's name first ("Travis", "Marisha Ray"): the key may be longer.
  const players = mentions.filter((m) => isPlayer(m.key.split(' ')[0], facts.speakers)).length;
  if (players * 2 >= mentions.length) return false;
  if (words.length === 1 && isEnglishWord(key)) {
    const count = facts.cases.get(key);
    if (count && count.lower > count.upper) return false;
  }
  // An exclamation ("Yay.", "Mm hm", "Argh!") only ever opens what is said, and is said on its own.
  const plain = mentions.every((m) => !m.title && !/^the\s/i.test(m.text));
  if (words.length === 1 && plain && mentions.every(opens) && mentions.some(alone)) return false;
  const lines = new Set(mentions.map((m) => m.line)).size;
  if (lines >= 2) return true;
  if (mentions.every((m) => m.common)) return false;
  // Where nobody tells who said a line, it may be the GM's: the name stands on it.
  return mentions.some((m) => facts.narrated.get(m.line) !== false);
}

const opens = (m: Said<{ text: string }>) => {
  const before = m.line.text.slice(0, m.start);
  return /^\s*$/.test(before) || SENTENCE_END.test(before);
};

/** Followed by its punctuation or nothing, not by a word ("Mm.", not "Grimble says"). */
const alone = (m: Said<{ text: string }>) => !/^\s+\p{L}/u.test(m.line.text.slice(m.start + m.text.length));

/** A player's label, or a longer one misspelt by a letter ("Ahsley"). */
const isPlayer = (word: string, speakers: ReadonlySet<string>) =>
  speakers.has(word) || (word.length >= 5 && [...speakers].some((s) => s.length >= 5 && editDistance(s, word) <= 1));
