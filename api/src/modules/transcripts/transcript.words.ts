import { diffArrays } from 'diff';
import type { TimedWord } from '../../engines/speech-to-text/speech-to-text';

// One line's words re-timed after the owner edits its text; transcript.alignment.ts matches whole
// lines and uses the same diff runs.

/** A transcript line as stored: its audio times, its text and its words' times. */
export interface TimedLine {
  id: string;
  startMs: number;
  endMs: number;
  text: string;
  tableTalk: boolean;
  words: TimedWord[];
}

/** One or a few words the owner wrote in place of others, for the vocabulary to learn from. */
export interface WordReplacement {
  before: string[];
  after: string[];
  /** The replacement opens a sentence, where a capital letter says nothing about a name. */
  atSentenceStart: boolean;
}

/**
 * The edited line's words with times taken from the stored words: an unchanged word keeps its
 * time, replacing words share the span of the words they replace, inserted words share the gap
 * (or, with none, the span) of their neighbours. A line stored without word times gets none.
 */
export function retime(
  line: TimedLine,
  text: string,
): { text: string; words: TimedWord[]; replacements: WordReplacement[] } {
  const timed = line.words.length > 0;
  const oldWords: TimedWord[] = timed ? line.words : tokens(line.text).map((word) => ({ word, startMs: 0, endMs: 0 }));
  const newTokens = tokens(text);
  const changes = diffArrays(
    oldWords.map((w) => w.word),
    newTokens,
    { comparator: sameWord },
  );
  const words: TimedWord[] = [];
  const replacements: WordReplacement[] = [];
  let oi = 0;
  let ni = 0;
  const take = (count: number) => newTokens.slice(ni, (ni += count));
  for (const stretch of stretches(changes)) {
    if (stretch.kept) {
      for (const word of take(stretch.kept)) {
        const old = oldWords[oi++];
        words.push({ word, startMs: old.startMs, endMs: old.endMs });
      }
      continue;
    }
    const replaced = oldWords.slice(oi, (oi += stretch.removed));
    const atSentenceStart = ni === 0 || /[.!?:]["'”’)]*$/.test(newTokens[ni - 1]);
    const inserted = take(stretch.added);
    if (!inserted.length) continue;
    if (replaced.length) replacements.push({ before: replaced.map((w) => w.word), after: inserted, atSentenceStart });
    if (replaced.length === inserted.length) {
      inserted.forEach((word, k) => words.push({ word, startMs: replaced[k].startMs, endMs: replaced[k].endMs }));
    } else if (replaced.length) {
      words.push(...spread(inserted, replaced[0].startMs, replaced[replaced.length - 1].endMs));
    } else {
      const before = words[words.length - 1] ?? null;
      const after = oldWords[oi] ?? null;
      const [start, end] = gapOrSpan(before, after, line);
      words.push(...spread(inserted, start, end));
    }
  }
  return { text, words: timed ? words : [], replacements };
}

type Stretch = { kept: number; removed: 0; added: 0 } | { kept: 0; removed: number; added: number };

/**
 * A diff as runs: unchanged items, or a changed stretch (the removed run and the added run next to
 * it, in either order), which lines and words alike are aligned by.
 */
export function* stretches(changes: Array<{ count?: number; added?: boolean; removed?: boolean }>): Generator<Stretch> {
  for (let c = 0; c < changes.length; c++) {
    const change = changes[c];
    const count = change.count ?? 0;
    if (!change.added && !change.removed) {
      yield { kept: count, removed: 0, added: 0 };
      continue;
    }
    const next = changes[c + 1];
    const pairedWithNext = next && (next.added || next.removed) && next.added !== change.added;
    const other = pairedWithNext ? (next.count ?? 0) : 0;
    if (pairedWithNext) c++;
    yield { kept: 0, removed: change.removed ? count : other, added: change.added ? count : other };
  }
}

function gapOrSpan(before: TimedWord | null, after: TimedWord | null, line: TimedLine): [number, number] {
  if (before && after && after.startMs > before.endMs) return [before.endMs, after.startMs];
  return [before?.startMs ?? after?.startMs ?? line.startMs, after?.endMs ?? before?.endMs ?? line.endMs];
}

/** Even shares of [startMs, endMs], in order. */
function spread(words: string[], startMs: number, endMs: number): TimedWord[] {
  const step = (endMs - startMs) / words.length;
  return words.map((word, k) => ({
    word,
    startMs: Math.round(startMs + step * k),
    endMs: Math.round(startMs + step * (k + 1)),
  }));
}

function sameWord(a: string, b: string): boolean {
  const x = bare(a);
  const y = bare(b);
  return x || y ? x === y : a === b;
}

/** A word without the punctuation around it ("Thorin," → "Thorin"); case is kept. */
export function bare(word: string): string {
  return word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

export function tokens(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}
