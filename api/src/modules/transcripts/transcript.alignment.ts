import { diffArrays } from 'diff';
import type { TimedWord } from '../../engines/speech-to-text/speech-to-text';
import { bare, retime, stretches, tokens, type TimedLine, type WordReplacement } from './transcript.words';

/** A line of an edited full transcript; `clockSeconds` is its `[hh:mm:ss]` prefix, when it kept one. */
export interface EditedLine {
  clockSeconds: number | null;
  text: string;
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
 * Matches the edited lines to the stored ones so that every line keeps its audio time: a Myers diff
 * of whole lines anchored on the time prefixes, then inside each changed stretch the best
 * order-preserving pairing by prefix and word overlap. Paired lines with new text are re-timed,
 * unpaired stored lines deleted, new lines timed by their prefix or the gap between their neighbours.
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

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
