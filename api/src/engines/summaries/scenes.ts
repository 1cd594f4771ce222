import { cosine, normalise, type Vector } from './tf-idf';

/**
 * Cuts a night into scenes by TextTiling (Hearst 1997): the words of the sentences before and after
 * each gap are compared, and a gap where that similarity dips deeper than the night's usual dips
 * (depth above mean − sd/2) is where the talk moved on: a new place, a new fight, a new errand.
 * Gaps are tried every few sentences and scenes hold at least two windows, so a four-hour session
 * gives tens of scenes, not hundreds; `maxScenes` keeps only the deepest dips, and a smaller
 * `minWindow` lets a short night have scenes too. Returns the index of
 * each scene's first sentence (0 first).
 */
export function sceneStarts(vectors: Vector[], { maxScenes = Infinity, minWindow = 6 } = {}): number[] {
  const n = vectors.length;
  const window = Math.max(minWindow, Math.round(n / 80));
  const step = Math.max(1, Math.round(window / 3));
  if (n < 4 * window) return [0];
  const gaps: number[] = [];
  const similarity: number[] = [];
  for (let gap = window; gap <= n - window; gap += step) {
    gaps.push(gap);
    similarity.push(cosine(sum(vectors.slice(gap - window, gap)), sum(vectors.slice(gap, gap + window))));
  }
  const depth = similarity.map((s, i) => peak(similarity, i, -1) - s + (peak(similarity, i, 1) - s));
  const mean = depth.reduce((a, b) => a + b, 0) / depth.length;
  const sd = Math.sqrt(depth.reduce((a, d) => a + (d - mean) ** 2, 0) / depth.length);
  const cutoff = mean - sd / 2;
  // Deepest first, so of two close dips the clearer one is the boundary.
  const order = depth.map((d, i) => i).sort((a, b) => depth[b] - depth[a] || a - b);
  const starts: number[] = [];
  for (const i of order) {
    if (depth[i] <= cutoff || depth[i] <= 0 || starts.length + 1 >= maxScenes) break;
    if (starts.every((s) => Math.abs(s - gaps[i]) >= 2 * window) && gaps[i] >= 2 * window && n - gaps[i] >= 2 * window)
      starts.push(gaps[i]);
  }
  return [0, ...starts.sort((a, b) => a - b)];
}

/** The highest similarity reached climbing from gap i in one direction (Hearst's depth score). */
function peak(similarity: number[], i: number, direction: 1 | -1): number {
  let best = similarity[i];
  for (let j = i + direction; j >= 0 && j < similarity.length && similarity[j] >= best; j += direction)
    best = similarity[j];
  return best;
}

function sum(vectors: Vector[]): Vector {
  const total: Vector = new Map();
  for (const vector of vectors) for (const [t, v] of vector) total.set(t, (total.get(t) ?? 0) + v);
  return normalise(total);
}
