import { capitalisedAsName, isCommonWord, isEnglishWord } from '../text/english-words';
import { words } from '../text/tokenize';
import type { LabelledLine } from './labelled-lines';

/** A feature of its own, not a word: lines that name someone or somewhere. */
export const NAME = '__name__';

/**
 * Whether a word is capitalised as a name and is not an everyday word. At the start of a sentence every
 * word is capitalised, so there only a word that is not English at all ("Orlaith", not "Grey").
 */
function isName(word: string, sentenceStart: boolean): boolean {
  const core = word.toLowerCase().replace(/'.*$/, '');
  return capitalisedAsName(word) && !(sentenceStart ? isEnglishWord(core) : isCommonWord(core));
}

const hasName = (text: string) =>
  [...text.matchAll(/[a-z0-9]+(?:'[a-z]+)*/gi)].some((m) =>
    isName(m[0], /^$|[.?!"“]$/.test(text.slice(0, m.index).trimEnd())),
  );

/**
 * Unigrams plus bigrams, each counted once per line: short lines gain nothing from repeats. Plus `NAME`
 * where the line has a name: every campaign invents its own, and in-game lines name people and places
 * far more often than table talk does, so the names in training speak for names never seen.
 */
export function features(text: string): string[] {
  const tokens = words(text);
  const grams = new Set(tokens);
  for (let i = 1; i < tokens.length; i++) grams.add(`${tokens[i - 1]} ${tokens[i]}`);
  if (hasName(text)) grams.add(NAME);
  return [...grams];
}

interface ClassCounts {
  lines: number;
  total: number;
  counts: Map<string, number>;
}

const copyCounts = (from?: ClassCounts): ClassCounts => ({
  lines: from?.lines ?? 0,
  total: from?.total ?? 0,
  counts: new Map(from?.counts),
});

/**
 * Multinomial naive Bayes over word unigrams and bigrams with add-alpha smoothing, trained in
 * one pass over the labelled lines (a few milliseconds for the repo's data set).
 */
export class NaiveBayes {
  private readonly table: ClassCounts;
  private readonly game: ClassCounts;
  private readonly vocabulary: Set<string>;

  /** `base`: a trained model whose counts this one starts from (copied, never changed). */
  constructor(
    examples: LabelledLine[],
    private readonly alpha = 0.5,
    base?: NaiveBayes,
  ) {
    this.table = copyCounts(base?.table);
    this.game = copyCounts(base?.game);
    this.vocabulary = new Set(base?.vocabulary);
    this.count(examples, 1);
    if (!this.table.lines || !this.game.lines) throw new Error('training needs lines of both labels');
  }

  /**
   * This model plus `examples`, each counted as `weight` lines: a campaign's own corrections on top
   * of the shared data, so a few of them outweigh the many training lines that disagree.
   */
  withExamples(examples: LabelledLine[], weight: number): NaiveBayes {
    const model = new NaiveBayes([], this.alpha, this);
    model.count(examples, weight);
    return model;
  }

  private count(examples: LabelledLine[], weight: number): void {
    for (const example of examples) {
      const side = example.tableTalk ? this.table : this.game;
      side.lines += weight;
      for (const feature of features(example.text)) {
        side.counts.set(feature, (side.counts.get(feature) ?? 0) + weight);
        side.total += weight;
        this.vocabulary.add(feature);
      }
    }
  }

  /** Probability that the line is table talk. */
  probability(text: string): number {
    return 1 / (1 + Math.exp(-this.logOdds(text)));
  }

  /** Log odds that the line is table talk: positive for table talk, 0 when the model cannot tell. */
  logOdds(text: string): number {
    const v = this.vocabulary.size;
    let logOdds = Math.log(this.table.lines / this.game.lines);
    for (const feature of features(text)) {
      if (!this.vocabulary.has(feature)) continue;
      const pTable = ((this.table.counts.get(feature) ?? 0) + this.alpha) / (this.table.total + this.alpha * v);
      const pGame = ((this.game.counts.get(feature) ?? 0) + this.alpha) / (this.game.total + this.alpha * v);
      logOdds += Math.log(pTable / pGame);
    }
    return logOdds;
  }
}
