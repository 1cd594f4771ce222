import { cosine, normalise, type Vector } from './tf-idf';

/**
 * Cuts a night into scenes by TextTiling (Hearst 1997): where the similarity of the sentences before
 * and after a gap dips deeper than the night's usual (depth above mean − sd/2), the talk moved on.
 * A scene holds at least two windows (of `minWindow` sentences or more), so a four-hour night has
 * tens of scenes, not hundreds; `maxScenes` keeps the deepest dips. Returns each scene's first sentence.
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
