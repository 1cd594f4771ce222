/*
 * ROUGE-1, ROUGE-2 and ROUGE-L F1 as Google's rouge-score package computes them (what summarization
 * papers report): lower case, runs of letters and digits as tokens, tokens longer than three letters
 * Porter-stemmed (wooorm's stemmer, Porter 1980), n-gram overlap clipped by count; L by the longest
 * common subsequence. And the greedy extractive oracle: lines picked for ROUGE-2 with the reference
 * in hand, the ceiling any line-picking recap has.
 */
import { stemmer } from 'stemmer';

export interface Rouge {
  r1: number;
  r2: number;
  rL: number;
}

export function rougeTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((t) => (t.length > 3 ? stemmer(t) : t));
}

function grams(tokens: string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const g = tokens.slice(i, i + n).join(' ');
    counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  return counts;
}

const f1 = (overlap: number, predicted: number, target: number) =>
  overlap && predicted && target ? (2 * overlap) / (predicted + target) : 0;

function rougeN(pred: string[], target: string[], n: number): number {
  const p = grams(pred, n);
  const t = grams(target, n);
  let overlap = 0;
  for (const [g, c] of p) overlap += Math.min(c, t.get(g) ?? 0);
  return f1(overlap, Math.max(0, pred.length - n + 1), Math.max(0, target.length - n + 1));
}

function lcs(a: string[], b: string[]): number {
  let prev = new Uint32Array(b.length + 1);
  let row = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++)
      row[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], row[j - 1]);
    [prev, row] = [row, prev];
  }
  return prev[b.length];
}

export function rouge(predicted: string, reference: string): Rouge {
  const pred = rougeTokens(predicted);
  const target = rougeTokens(reference);
  return {
    r1: rougeN(pred, target, 1),
    r2: rougeN(pred, target, 2),
    rL: f1(lcs(pred, target), pred.length, target.length),
  };
}

/**
 * Lines added one at a time, each the one that raises ROUGE-2 F1 against the reference most, until
 * none does or `maxWords` would be passed; returned in transcript order.
 */
export function greedyOracle(lines: string[], reference: string, maxWords: number): string[] {
  const target = grams(rougeTokens(reference), 2);
  const targetTotal = [...target.values()].reduce((a, b) => a + b, 0);
  const units = lines.map((text) => {
    const tokens = rougeTokens(text);
    return { grams: grams(tokens, 2), count: Math.max(0, tokens.length - 1), words: text.split(/\s+/).length };
  });
  const have = new Map<string, number>();
  const picked: number[] = [];
  let overlap = 0;
  let predicted = 0;
  let words = 0;
  for (;;) {
    let best = -1;
    let bestF = f1(overlap, predicted, targetTotal);
    for (const [i, unit] of units.entries()) {
      if (picked.includes(i) || !unit.count || words + unit.words > maxWords) continue;
      let gain = 0;
      for (const [g, c] of unit.grams) {
        const t = target.get(g) ?? 0;
        const h = have.get(g) ?? 0;
        gain += Math.min(h + c, t) - Math.min(h, t);
      }
      const f = f1(overlap + gain, predicted + unit.count, targetTotal);
      if (f > bestF) {
        bestF = f;
        best = i;
      }
    }
    if (best < 0) break;
    const unit = units[best];
    for (const [g, c] of unit.grams) {
      const t = target.get(g) ?? 0;
      const h = have.get(g) ?? 0;
      overlap += Math.min(h + c, t) - Math.min(h, t);
      have.set(g, h + c);
    }
    predicted += unit.count;
    words += unit.words;
    picked.push(best);
  }
  return picked.sort((a, b) => a - b).map((i) => lines[i]);
}
