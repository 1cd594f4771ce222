import type { QaIndex, Side } from './qa.index';
import { RETRIEVAL } from './qa.tuning';

/**
 * A term of the question as BM25 scores it: the lexemes that say it, each with the share of an
 * occurrence it counts for (1 the word itself, less a related word), and its weight (idf).
 */
export interface QueryTerm {
  lexemes: string[];
  shares: number[];
  weight: number;
  /** Its weight on the story's side: the idf of in-game lines (0 lines holding it: the rarest). */
  storyWeight: number;
}

/** Lines [start, end) of one session, and how well they answer. */
export interface Window {
  start: number;
  end: number;
  score: number;
  /** A line marked table talk holds a word of the question. */
  tableTalk?: boolean;
}

/** Okapi BM25's idf of a term said in `df` of `n` documents (never below 0). */
export const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** The lines holding any of the lexemes (`story`: of the in-game lines). */
export function linesHolding(index: QaIndex, lexemes: string[], story = false): number {
  const side = story ? index.story : index.all;
  if (lexemes.length === 1 && !story) return index.postings.get(lexemes[0])?.lines.length ?? 0;
  const lines = new Set<number>();
  for (const lexeme of lexemes)
    for (const line of index.postings.get(lexeme)?.lines ?? []) if (side.at[line] >= 0) lines.add(line);
  return lines.size;
}

/** A term's weight on each side: the idf of its lines among all lines, and among the in-game ones. */
export function weights(index: QaIndex, lexemes: string[], scale = 1): { weight: number; storyWeight: number } {
  return {
    weight: idf(index.all.lines.length, linesHolding(index, lexemes)) * scale,
    storyWeight: idf(index.story.lines.length, linesHolding(index, lexemes, true)) * scale,
  };
}

/** How often a line says the term (0: not at all). */
export function said(index: QaIndex, term: QueryTerm, line: number): number {
  let tf = 0;
  for (const [i, lexeme] of term.lexemes.entries()) {
    const p = index.postings.get(lexeme);
    if (!p) continue;
    let [lo, hi] = [0, p.lines.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (p.lines[mid] < line) lo = mid + 1;
      else hi = mid;
    }
    if (p.lines[lo] === line) tf += p.tf[lo] * term.shares[i];
  }
  return tf;
}

/**
 * Okapi BM25 (RETRIEVAL.k1, RETRIEVAL.b) over passages of `size` consecutive lines of a session,
 * one starting at every line (overlapping; a session shorter than `size` is one passage), scored
 * for every passage that holds a term: a line's term counts in each passage that holds the line.
 * Both sides in one pass over the postings (ranking each side again cost every question as much
 * once more, issue 48): the story's passages (`story`, of in-game lines), and of every line's
 * passages (`all`) only those where a table-talk line holds a term, the only ones the table's side
 * reads (qa.rank.ts). Each window in lines of the index.
 * `within`: the one session searched (an index into `index.sessions`), else all of them.
 */
export function scoreWindows(
  index: QaIndex,
  terms: QueryTerm[],
  size: number,
  within?: number,
): { all: Window[]; story: Window[] } {
  const each = (visit: (line: number, tf: number, t: number) => void) =>
    terms.forEach((term, t) => {
      for (const [i, lexeme] of term.lexemes.entries()) {
        const p = index.postings.get(lexeme);
        if (!p) continue;
        for (let k = 0; k < p.lines.length; k++)
          if (within === undefined || index.session[p.lines[k]] === within)
            visit(p.lines[k], p.tf[k] * term.shares[i], t);
      }
    });
  // The passages of a side that hold position `at`: they start no later than `size` lines before
  // their session ends.
  const holding = (side: Side, at: number, visit: (start: number) => void) => {
    const last = Math.max(side.sessionStart[at], side.sessionEnd[at] - size);
    for (let start = Math.min(at, last); start > at - size && start >= side.sessionStart[at]; start--) visit(start);
  };
  // Counts by passage start and term in one flat array: a question over a million words touches
  // tens of thousands of passages, and a Map of arrays costs more than the scoring.
  const sides = [index.all, index.story].map((side) => ({
    side,
    counts: undefined as Float64Array | undefined,
    touched: new Uint8Array(side.lines.length),
    starts: [] as number[],
  }));
  const [all, story] = sides;
  each((line) => {
    if (index.tableTalk[line])
      holding(all.side, line, (start) => {
        if (!all.touched[start]) {
          all.touched[start] = 1;
          all.starts.push(start);
        }
      });
  });
  story.counts = new Float64Array(story.side.lines.length * terms.length);
  if (all.starts.length) all.counts = new Float64Array(all.side.lines.length * terms.length);
  each((line, tf, t) => {
    const at = story.side.at[line];
    if (at >= 0)
      holding(story.side, at, (start) => {
        if (!story.touched[start]) {
          story.touched[start] = 1;
          story.starts.push(start);
        }
        story.counts![start * terms.length + t] += tf;
      });
    if (all.counts)
      holding(all.side, line, (start) => {
        if (all.touched[start]) all.counts![start * terms.length + t] += tf;
      });
  });
  const [allWindows, storyWindows] = sides.map(({ side, counts, starts }, k) =>
    starts.map((start): Window => {
      const end = Math.min(start + size, side.sessionEnd[start]);
      const norm = lengthNorm(side, start, end, size);
      let score = 0;
      for (let t = 0; t < terms.length; t++)
        score += saturated(k ? terms[t].storyWeight : terms[t].weight, counts![start * terms.length + t], norm);
      return { start: side.lines[start], end: side.lines[end - 1] + 1, score, ...(k ? {} : { tableTalk: true }) };
    }),
  );
  return { all: allWindows, story: storyWindows };
}

/** What one term said `tf` times adds to a passage's score. */
const saturated = (weight: number, tf: number, norm: number) =>
  tf > 0 ? (weight * tf * (RETRIEVAL.k1 + 1)) / (tf + norm) : 0;

/** BM25's K: k1 scaled by the length of positions [start, end) of the side against an average passage of `size` lines. */
function lengthNorm(side: Side, start: number, end: number, size: number): number {
  const n = side.lines.length;
  const average = (side.lengthBefore[n] / Math.max(1, n)) * size;
  return (
    RETRIEVAL.k1 * (1 - RETRIEVAL.b + (RETRIEVAL.b * (side.lengthBefore[end] - side.lengthBefore[start])) / average)
  );
}

/** What each term adds to the passage's score, read on the story's side (its in-game lines) or on all lines. */
export function termScores(
  index: QaIndex,
  terms: QueryTerm[],
  w: Pick<Window, 'start' | 'end'>,
  size: number,
  story = false,
): number[] {
  const side = story ? index.story : index.all;
  const norm = lengthNorm(side, side.at[w.start], side.at[w.end - 1] + 1, size);
  return terms.map((term) => {
    let tf = 0;
    for (let line = w.start; line < w.end; line++) if (side.at[line] >= 0) tf += said(index, term, line);
    return saturated(story ? term.storyWeight : term.weight, tf, norm);
  });
}

/** The best passages, best first (equal scores: the higher `tie` first), none overlapping one already picked. */
export function pick(windows: Window[], topK: number, tie: (w: Window) => number = () => 0): Window[] {
  const picked: Window[] = [];
  // Overlapping passages rise together: the best few hundred hold the topK that do not overlap.
  const sorted = best(windows, RETRIEVAL.ranked).sort(
    (a, b) => b.score - a.score || tie(b) - tie(a) || a.start - b.start,
  );
  for (const w of sorted) {
    if (picked.length >= topK) break;
    if (picked.some((p) => p.start < w.end && w.start < p.end)) continue;
    picked.push(w);
  }
  return picked;
}

/** The `count` best-scoring passages (all of them tied with the last), unordered. */
export function best(windows: Window[], count: number): Window[] {
  if (windows.length <= count) return windows;
  const scores = Float64Array.from(windows, (w) => w.score).sort();
  const floor = scores[scores.length - count];
  return windows.filter((w) => w.score >= floor);
}
