import type { FoundVoice } from './diarizer';

/** A voice the campaign already knows: its cast label and its voice print. */
export interface KnownVoice {
  label: string;
  embedding: number[];
}

/**
 * One voice scores about 0.85–0.95 against itself across recordings and different voices 0.45–0.75
 * (docs/speech-contract.md): 0.80 keeps the two apart, and a match must also beat the runner-up by
 * a margin, so that two alike voices are not confused for each other.
 */
export const MATCH_THRESHOLD = 0.8;
export const MATCH_MARGIN = 0.05;

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The label found voices take: a known voice's where the match is clear, else the next free "Speaker N". */
export function matchVoices(
  found: readonly FoundVoice[],
  known: readonly KnownVoice[],
  takenLabels: readonly string[],
) {
  const pairs = found.flatMap((f) => known.map((k) => ({ f, k, score: cosine(f.embedding, k.embedding) })));
  const labels = new Map<string, string>();
  const usedKnown = new Set<string>();
  for (const pair of [...pairs].sort((a, b) => b.score - a.score)) {
    if (labels.has(pair.f.voice) || usedKnown.has(pair.k.label) || pair.score < MATCH_THRESHOLD) continue;
    const runnerUp = Math.max(
      -1,
      ...pairs.filter((p) => p.f === pair.f && p.k !== pair.k).map((p) => p.score),
      ...pairs.filter((p) => p.k === pair.k && p.f !== pair.f).map((p) => p.score),
    );
    if (pair.score - runnerUp < MATCH_MARGIN) continue;
    labels.set(pair.f.voice, pair.k.label);
    usedKnown.add(pair.k.label);
  }
  const numbers = takenLabels
    .map((l) => /^Speaker (\d+)$/.exec(l)?.[1])
    .filter(Boolean)
    .map(Number);
  let next = Math.max(0, ...numbers) + 1;
  for (const f of found) if (!labels.has(f.voice)) labels.set(f.voice, `Speaker ${next++}`);
  return labels;
}

/** One part of what a voice print has heard (a session, or what was kept before parts), and its weight. */
export interface PrintPart {
  embedding: readonly number[];
  weight: number;
}

/** A voice print: the L2-normalised weighted mean of its parts; null without any. */
export function printOf(parts: readonly PrintPart[]): number[] | null {
  if (!parts.length) return null;
  const sum = parts[0].embedding.map((_, i) => parts.reduce((s, p) => s + p.embedding[i] * p.weight, 0));
  return normalised(sum);
}

export function normalised(v: readonly number[]): number[] {
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
  return v.map((x) => Number((x / norm).toFixed(5)));
}
