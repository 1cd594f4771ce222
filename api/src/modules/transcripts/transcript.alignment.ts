import { diffArrays } from 'diff';
import type { TimedWord } from '../../engines/speech-to-text/speech-to-text';

/** A transcript line as stored: its audio times, its text and its words' times. */
export interface TimedLine {
  id: string;
  startMs: number;
  endMs: number;
  text: string;
  tableTalk: boolean;
  words: TimedWord[];
}

/** A line of an edited full transcript; `clockSeconds` is its `[hh:mm:ss]` prefix, when it kept one. */
export interface EditedLine {
  clockSeconds: number | null;
  text: string;
}

/** One or a few words the owner wrote in place of others, for the vocabulary to learn from. */
export interface WordReplacement {
  before: string[];
  after: string[];
  /** The replacement opens a sentence, where a capital letter says nothing about a name. */
  atSentenceStart: boolean;
}

/** What becomes of each line of the edited transcript, in its new order. */
export type LinePlan =
  | { kind: 'kept'; line: TimedLine }
  | { kind: 'edited'; line: TimedLine; text: string; words: TimedWord[]; replacements: WordReplacement[] }
  | { kind: 'inserted'; text: string; startMs: number; endMs: number };

export interface EditPlan {
  lines: LinePlan[];
  /** Stored lines the owner removed. */
  deleted: TimedLine[];
}

const PREFIX = /^\s*\[(?:(\d{1,3}):)?(\d{1,2}):(\d{2})\]\s?/;

/** Splits an edited full transcript into its non-blank lines, reading each one's time prefix. */
export function parseTranscript(text: string): EditedLine[] {
  return text
    .split(/\r?\n/)
    .map((raw) => {
      const m = PREFIX.exec(raw);
      const clockSeconds = m ? Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
      return { clockSeconds, text: squash(m ? raw.slice(m[0].length) : raw) };
    })
    .filter((line) => line.text !== '');
}

/** Beyond this many inserted and deleted lines the line diff gives up (its cost grows with it). */
const MAX_LINE_EDITS = 400;

/**
 * Matches the edited lines to the stored ones so that every line keeps its audio time: first a
 * Myers diff of whole lines, anchored on the time prefixes (a line that keeps its prefix and most
 * of its words, or its exact text, is the same line), then, inside each changed stretch, the best
 * order-preserving pairing by prefix and word overlap. Paired lines with new text get their words
 * re-timed; stored lines left unpaired are deleted; new lines take the time their prefix names, or
 * the gap between their neighbours. A transcript replaced wholesale is paired by prefix alone.
 */
export function planEdit(stored: TimedLine[], edited: EditedLine[]): EditPlan {
  const steps: Array<{ line?: TimedLine; edit?: EditedLine }> = [];
  const deleted: TimedLine[] = [];
  const pairIn = (removed: TimedLine[], added: EditedLine[]) => {
    for (const [r, a] of pairStretch(removed, added)) {
      if (a === null) deleted.push(removed[r!]);
      else steps.push({ line: r === null ? undefined : removed[r], edit: added[a] });
    }
  };
  const changes = diffArrays<Item>(
    stored.map((line) => ({ line, text: squash(line.text), clock: clockOf(line), words: wordCounts(line.text) })),
    edited.map((edit) => ({ edit, text: edit.text, clock: edit.clockSeconds, words: wordCounts(edit.text) })),
    { comparator: sameLine, maxEditLength: MAX_LINE_EDITS },
  );
  if (!changes) {
    pairIn(stored, edited);
    return { lines: timeInsertedLines(steps), deleted };
  }
  let si = 0;
  let ei = 0;
  for (const stretch of stretches(changes)) {
    if (stretch.kept) {
      for (let k = 0; k < stretch.kept; k++) steps.push({ line: stored[si++], edit: edited[ei++] });
    } else {
      pairIn(stored.slice(si, (si += stretch.removed)), edited.slice(ei, (ei += stretch.added)));
    }
  }
  return { lines: timeInsertedLines(steps), deleted };
}

interface Item {
  line?: TimedLine;
  edit?: EditedLine;
  text: string;
  clock: number | null;
  words: WordCounts;
}

function sameLine(a: Item, b: Item): boolean {
  const [line, edit] = a.line ? [a, b] : [b, a];
  if (edit.clock !== null && edit.clock !== line.clock) return false;
  return edit.text === line.text || (edit.clock !== null && wordOverlap(line.words, edit.words) >= 0.5);
}

const clockOf = (line: TimedLine) => Math.floor(line.startMs / 1000);

/** Above this many candidate pairs a stretch is paired by prefix alone (a rewrite of everything). */
const MAX_PAIRING_CELLS = 40_000;

type Pairing = Array<[number | null, number | null]>;

/**
 * Order-preserving pairing of a changed stretch, maximising the total score (a weighted longest
 * common subsequence). Any two lines may pair, a line whose prefix names another second only when
 * most of its words are the same; a matching prefix weighs most, then shared words.
 * Returns [removed index | null, added index | null] in the edited order, deletions included.
 */
function pairStretch(removed: TimedLine[], added: EditedLine[]): Pairing {
  const n = removed.length;
  const m = added.length;
  if (n * m > MAX_PAIRING_CELLS) return pairByClock(removed, added);
  const removedWords = removed.map((line) => wordCounts(line.text));
  const addedWords = added.map((edit) => wordCounts(edit.text));
  const score = (r: number, a: number): number => {
    const edit = added[a];
    const clockMatches = edit.clockSeconds !== null && edit.clockSeconds === clockOf(removed[r]);
    const similarity = wordOverlap(removedWords[r], addedWords[a]);
    if (edit.clockSeconds !== null && !clockMatches && similarity < 0.5) return -1;
    return 0.1 + similarity + (clockMatches ? 1 : 0);
  };
  // best[r][a]: the best total for removed[r..] and added[a..].
  const best = Array.from({ length: n + 1 }, () => new Float64Array(m + 1));
  const pairScore = Array.from({ length: n }, () => new Float64Array(m));
  for (let r = n - 1; r >= 0; r--) {
    for (let a = m - 1; a >= 0; a--) {
      const s = (pairScore[r][a] = score(r, a));
      best[r][a] = Math.max(best[r + 1][a], best[r][a + 1], s >= 0 ? s + best[r + 1][a + 1] : -Infinity);
    }
  }
  const out: Pairing = [];
  let r = 0;
  let a = 0;
  while (r < n || a < m) {
    if (r < n && a < m && pairScore[r][a] >= 0 && best[r][a] === pairScore[r][a] + best[r + 1][a + 1]) {
      out.push([r++, a++]);
    } else if (r < n && (a === m || best[r][a] === best[r + 1][a])) {
      out.push([r++, null]);
    } else {
      out.push([null, a++]);
    }
  }
  return out;
}

/**
 * Linear fallback for huge stretches: a line with a prefix pairs with the next stored line of that
 * second; one without pairs with the next stored line when most of their words agree.
 */
function pairByClock(removed: TimedLine[], added: EditedLine[]): Pairing {
  const out: Pairing = [];
  let r = 0;
  added.forEach((edit, a) => {
    let match = -1;
    if (edit.clockSeconds !== null) {
      match = removed.findIndex((line, k) => k >= r && clockOf(line) === edit.clockSeconds);
    } else if (r < removed.length && wordOverlap(wordCounts(removed[r].text), wordCounts(edit.text)) >= 0.5) {
      match = r;
    }
    if (match < 0) {
      out.push([null, a]);
      return;
    }
    while (r < match) out.push([r++, null]);
    out.push([r++, a]);
  });
  while (r < removed.length) out.push([r++, null]);
  return out;
}

interface WordCounts {
  total: number;
  counts: Map<string, number>;
}

function wordCounts(text: string): WordCounts {
  const counts = new Map<string, number>();
  const words = tokens(text).map((w) => bare(w).toLowerCase());
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return { total: words.length, counts };
}

/** Dice coefficient of two lines' word multisets, 0..1. */
function wordOverlap(a: WordCounts, b: WordCounts): number {
  if (!a.total && !b.total) return 1;
  let shared = 0;
  b.counts.forEach((n, w) => (shared += Math.min(n, a.counts.get(w) ?? 0)));
  return (2 * shared) / (a.total + b.total);
}

function timeInsertedLines(steps: Array<{ line?: TimedLine; edit?: EditedLine }>): LinePlan[] {
  const plans: LinePlan[] = [];
  let previousEndMs: number | null = null;
  for (let i = 0; i < steps.length; i++) {
    const { line, edit } = steps[i];
    if (line && edit) {
      plans.push(
        edit.text === squash(line.text) ? { kind: 'kept', line } : { kind: 'edited', line, ...retime(line, edit.text) },
      );
      previousEndMs = line.endMs;
      continue;
    }
    const nextStartMs = steps.slice(i + 1).find((s) => s.line)?.line?.startMs ?? null;
    const startMs = edit!.clockSeconds !== null ? edit!.clockSeconds * 1000 : (previousEndMs ?? nextStartMs ?? 0);
    const endMs = Math.max(startMs, nextStartMs ?? previousEndMs ?? startMs);
    // Lines the owner adds have no audio of their own: they play from where the line before ends.
    plans.push({ kind: 'inserted', text: edit!.text, startMs, endMs });
  }
  return plans;
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
function* stretches(changes: Array<{ count?: number; added?: boolean; removed?: boolean }>): Generator<Stretch> {
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

function tokens(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
