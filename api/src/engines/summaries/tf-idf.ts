import { STOP_WORDS, words } from '../text/tokenize';

export type Vector = Map<string, number>;

/** Content words with a crude plural fold, so "dragons" and "dragon" count as one term. */
function terms(text: string): string[] {
  return words(text)
    .filter((w) => !STOP_WORDS.has(w) && w.length > 1)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/** L2-normalised TF-IDF vectors, one per text, with IDF taken over the texts themselves. */
export function tfIdfVectors(texts: string[]): Vector[] {
  const termLists = texts.map(terms);
  const documentFrequency = new Map<string, number>();
  for (const list of termLists)
    for (const t of new Set(list)) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
  return termLists.map((list) => {
    const vector: Vector = new Map();
    for (const t of list) vector.set(t, (vector.get(t) ?? 0) + 1);
    for (const [t, tf] of vector) vector.set(t, tf * Math.log(1 + texts.length / documentFrequency.get(t)!));
    return normalise(vector);
  });
}

export function normalise(vector: Vector): Vector {
  const length = Math.sqrt([...vector.values()].reduce((sum, v) => sum + v * v, 0));
  if (length === 0) return vector;
  for (const [t, v] of vector) vector.set(t, v / length);
  return vector;
}

/** Cosine similarity of two normalised vectors. */
export function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, v] of small) dot += v * (large.get(t) ?? 0);
  return dot;
}

/** The normalised mean of the vectors: what the whole text is about. */
export function centroid(vectors: Vector[]): Vector {
  const sum: Vector = new Map();
  for (const vector of vectors) for (const [t, v] of vector) sum.set(t, (sum.get(t) ?? 0) + v);
  return normalise(sum);
}
