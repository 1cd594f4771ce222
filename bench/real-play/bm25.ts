/*
 * The plain baseline retrieval is measured against: Okapi BM25 (k1 = 1.2, b = 0.75; winkjs's
 * wink-bm25-text-search, idf = ln(1 + (N − n + 0.5) / (n + 0.5))) over fixed windows of consecutive
 * transcript lines, every line as imported (table talk included), lower-cased, tokenized, English
 * stop words removed and Porter2-stemmed (wink-nlp-utils). Windows tile each session from its
 * first line; the top `k` windows of the whole campaign answer.
 */
import bm25 from 'wink-bm25-text-search';
import nlp from 'wink-nlp-utils';

export const BM25_PARAMS = { k1: 1.2, b: 0.75, k: 1 };

export interface Window {
  session: string;
  /** Line positions (0-based, inclusive) in the session. */
  firstLine: number;
  lastLine: number;
}

const PREP = [nlp.string.lowerCase, nlp.string.tokenize0, nlp.tokens.removeWords, nlp.tokens.stem];

/** A text's terms as the engine indexes them (PREP in order). */
export const terms = (text: string): string[] =>
  (PREP as Array<(input: unknown) => unknown>).reduce<unknown>((input, task) => task(input), text) as string[];

/** BM25 over the given texts; `search` gives the indices of the best `k`, best first. */
export class Bm25 {
  private readonly engine = bm25();

  constructor(texts: string[]) {
    this.engine.defineConfig({ fldWeights: { text: 1 }, bm25Params: BM25_PARAMS });
    this.engine.definePrepTasks(PREP);
    texts.forEach((text, i) => this.engine.addDoc({ text }, i));
    this.engine.consolidate(9);
  }

  search(query: string, k: number): number[] {
    return this.engine.search(query, k).map(([id]) => Number(id));
  }

  /** The score of `query` against the first text, as the engine computes it (for the check below). */
  scoreOfFirst(query: string): number {
    return this.engine.search(query, 3).find(([id]) => Number(id) === 0)?.[1] ?? 0;
  }
}

/** Each session's lines tiled into windows of `size` lines (the last one may be shorter). */
export function tile(
  sessions: Array<{ session: string; lines: string[] }>,
  size: number,
): Array<Window & { text: string }> {
  return sessions.flatMap(({ session, lines }) =>
    Array.from({ length: Math.ceil(lines.length / size) }, (_, w) => {
      const firstLine = w * size;
      const lastLine = Math.min(lines.length, firstLine + size) - 1;
      return { session, firstLine, lastLine, text: lines.slice(firstLine, lastLine + 1).join('\n') };
    }),
  );
}

/**
 * The engine against a score worked out by hand, so a changed default or prep step cannot pass
 * unnoticed. Texts "dragon dragon cave", "goblin cave", "goblin road town" (N = 3, avgdl = 8/3),
 * query "dragon" (n = 1): idf = ln(1 + 2.5/1.5) = 0.980829; the first text (tf 2, length 3):
 * 2 × 2.2 / (2 + 1.2 × (0.25 + 0.75 × 3 / (8/3))) × idf = 4.4 / 3.3125 × 0.980829 = 1.302834.
 */
export function checkBm25(): void {
  const score = new Bm25(['dragon dragon cave', 'goblin cave', 'goblin road town']).scoreOfFirst('dragon');
  if (Math.abs(score - 1.302834) > 1e-5) throw new Error(`BM25 check: ${score}, expected 1.302834`);
}
