import { capitalisedAsName, isCommonWord, isEnglishWord } from '../text/english-words';
import { STOP_WORDS, words } from '../text/tokenize';
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

/**
 * The features that say what a line is about: those with a word other than a function word. "Let's
 * do it!" or "We have to go find him, don't we?" sound alike at a table and in character, and our
 * labelled lines' written play would otherwise teach that speech itself is table talk.
 */
export const topicFeatures = (text: string) =>
  features(text).filter((f) => !f.split(' ').every((w) => STOP_WORDS.has(w)));

/** A trained model as plain data: lines and feature totals per label, and each feature's [table, game] count. */
export interface NaiveBayesCounts {
  table: { lines: number; total: number };
  game: { lines: number; total: number };
  features: Record<string, [number, number]>;
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

interface Trained {
  table: ClassCounts;
  game: ClassCounts;
  vocabulary: Set<string>;
}

function fromCounts(data: NaiveBayesCounts): Trained {
  const side = (i: 0 | 1, c: { lines: number; total: number }): ClassCounts => ({
    ...c,
    counts: new Map(Object.entries(data.features).map(([f, n]) => [f, n[i]])),
  });
  return { table: side(0, data.table), game: side(1, data.game), vocabulary: new Set(Object.keys(data.features)) };
}

/**
 * Multinomial naive Bayes over word unigrams and bigrams with add-alpha smoothing, trained in
 * one pass over the labelled lines (a few milliseconds for the repo's data set).
 */
export class NaiveBayes {
  private readonly table: ClassCounts;
  private readonly game: ClassCounts;
  private readonly vocabulary: Set<string>;
  private readonly topicsOnly: boolean;

  /**
   * `base`: a trained model, or the counts `toCounts` wrote of one (a model derived elsewhere and
   * shipped as data), that this one starts from (copied, never changed); each of `examples` counts
   * `weight` times for its words and `lineWeight` times for the prior.
   */
  constructor(
    examples: LabelledLine[],
    private readonly alpha = 0.5,
    base?: NaiveBayes | NaiveBayesCounts,
    weight = 1,
    lineWeight = weight,
    /** Function words left out (`topicFeatures`); a model built on another keeps its choice. */
    topicsOnly = base instanceof NaiveBayes ? base.topicsOnly : false,
  ) {
    this.topicsOnly = topicsOnly;
    const from: Trained | undefined =
      base instanceof NaiveBayes
        ? { table: base.table, game: base.game, vocabulary: base.vocabulary }
        : base && fromCounts(base);
    this.table = copyCounts(from?.table);
    this.game = copyCounts(from?.game);
    this.vocabulary = new Set(from?.vocabulary);
    this.count(examples, weight, lineWeight);
    if (!this.table.lines || !this.game.lines) throw new Error('training needs lines of both labels');
  }

  /**
   * The counts, keeping only features seen at least `minCount` times (both labels together): rare
   * words and bigrams say little and make most of the size. Totals stay whole, so the kept
   * features' probabilities are unchanged.
   */
  toCounts(minCount = 1): NaiveBayesCounts {
    const features: Record<string, [number, number]> = {};
    for (const f of [...this.vocabulary].sort()) {
      const n: [number, number] = [this.table.counts.get(f) ?? 0, this.game.counts.get(f) ?? 0];
      if (n[0] + n[1] >= minCount) features[f] = n;
    }
    const totals = (c: ClassCounts) => ({ lines: c.lines, total: c.total });
    return { table: totals(this.table), game: totals(this.game), features };
  }

  /**
   * This model plus `examples`, each counted as `weight` lines: a campaign's own corrections on top
   * of the shared data, so a few of them outweigh the many training lines that disagree.
   */
  withExamples(examples: LabelledLine[], weight: number, lineWeight = weight): NaiveBayes {
    return new NaiveBayes(examples, this.alpha, this, weight, lineWeight);
  }

  private count(examples: LabelledLine[], weight: number, lineWeight: number): void {
    for (const example of examples) {
      const side = example.tableTalk ? this.table : this.game;
      side.lines += lineWeight;
      for (const feature of this.featuresOf(example.text)) {
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
    let logOdds = Math.log(this.table.lines / this.game.lines);
    for (const feature of this.featuresOf(text)) {
      if (!this.vocabulary.has(feature)) continue;
      logOdds += Math.log(this.likelihood(this.table, feature) / this.likelihood(this.game, feature));
    }
    return logOdds;
  }

  private featuresOf(text: string): string[] {
    return this.topicsOnly ? topicFeatures(text) : features(text);
  }

  /** P(feature | label), add-alpha smoothed over the vocabulary. */
  private likelihood(side: ClassCounts, feature: string): number {
    return ((side.counts.get(feature) ?? 0) + this.alpha) / (side.total + this.alpha * this.vocabulary.size);
  }
}
