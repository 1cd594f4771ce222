import type { QaIndex } from './qa.index';
import { RETRIEVAL } from './qa.tuning';

/**
 * A term of the question as BM25 scores it: the lexemes that say it, each with the share of an
 * occurrence it counts for (1 the word itself, less a related word), and its weight (idf).
 */
export interface QueryTerm {
  lexemes: string[];
  shares: number[];
  weight: number;
}

/** Lines [start, end) of one session, and how well they answer. */
export interface Window {
  start: number;
  end: number;
  score: number;
}

/** Okapi BM25's idf of a term said in `df` of `n` documents (never below 0). */
export const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** The lines holding any of the lexemes. */
export function linesHolding(index: QaIndex, lexemes: string[]): number {
  if (lexemes.length === 1) return index.postings.get(lexemes[0])?.lines.length ?? 0;
  const lines = new Set<number>();
  for (const lexeme of lexemes) for (const line of index.postings.get(lexeme)?.lines ?? []) lines.add(line);
  return lines.size;
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
 * `within`: the one session searched (an index into `index.sessions`), else all of them.
 */
export function scoreWindows(index: QaIndex, terms: QueryTerm[], size: number, within?: number): Window[] {
  // Counts by passage start and term in one flat array: a question over a million words touches
  // tens of thousands of passages, and a Map of arrays costs more than the scoring.
  const n = index.text.length;
  const counts = new Float64Array(n * terms.length);
  const touched = new Uint8Array(n);
  const starts: number[] = [];
  terms.forEach((term, t) => {
    for (const [i, lexeme] of term.lexemes.entries()) {
      const p = index.postings.get(lexeme);
      if (!p) continue;
      for (let k = 0; k < p.lines.length; k++) {
        const line = p.lines[k];
        if (within !== undefined && index.session[line] !== within) continue;
        // Passages start no later than `size` lines before their session ends.
        const last = Math.max(index.sessionStart[line], index.sessionEnd[line] - size);
        for (let start = Math.min(line, last); start > line - size && start >= index.sessionStart[line]; start--) {
          if (!touched[start]) {
            touched[start] = 1;
            starts.push(start);
          }
          counts[start * terms.length + t] += p.tf[k] * term.shares[i];
        }
      }
    }
  });
  return starts.map((start) => {
    const end = Math.min(start + size, index.sessionEnd[start]);
    const norm = lengthNorm(index, start, end, size);
    let score = 0;
    for (let t = 0; t < terms.length; t++) score += saturated(terms[t].weight, counts[start * terms.length + t], norm);
    return { start, end, score };
  });
}

/** What one term said `tf` times adds to a passage's score. */
const saturated = (weight: number, tf: number, norm: number) =>
  tf > 0 ? (weight * tf * (RETRIEVAL.k1 + 1)) / (tf + norm) : 0;

/** BM25's K: k1 scaled by the passage's length against an average passage of `size` lines. */
function lengthNorm(index: QaIndex, start: number, end: number, size: number): number {
  const n = index.text.length;
  const average = (index.lengthBefore[n] / Math.max(1, n)) * size;
  return (
    RETRIEVAL.k1 * (1 - RETRIEVAL.b + (RETRIEVAL.b * (index.lengthBefore[end] - index.lengthBefore[start])) / average)
  );
}

/** What each term adds to the passage's score. */
export function termScores(index: QaIndex, terms: QueryTerm[], w: Window, size: number): number[] {
  const norm = lengthNorm(index, w.start, w.end, size);
  return terms.map((term) => {
    let tf = 0;
    for (let line = w.start; line < w.end; line++) tf += said(index, term, line);
    return saturated(term.weight, tf, norm);
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
