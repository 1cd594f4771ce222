import path from 'node:path';
import { readLabelledLines, TABLE_TALK_DATA_DIR } from './labelled-lines';
import { NaiveBayes } from './naive-bayes';
import type { TableTalkClassifier, TableTalkLabel } from './table-talk';

export interface LexicalClassifierOptions {
  /** Training files (`label<TAB>line`); the repo's train.tsv by default. */
  trainingFiles?: string[];
  /** Lines scoring at or above this are table talk. */
  threshold?: number;
}

/** Offline table-talk filter: naive Bayes trained at start-up on the labelled lines in the repo. */
export class LexicalTableTalkClassifier implements TableTalkClassifier {
  private readonly model: NaiveBayes;
  private readonly threshold: number;

  constructor(options: LexicalClassifierOptions = {}) {
    const files = options.trainingFiles ?? [path.join(TABLE_TALK_DATA_DIR, 'train.tsv')];
    this.model = new NaiveBayes(files.flatMap(readLabelledLines));
    this.threshold = options.threshold ?? 0.5;
  }

  async classify(lines: string[]): Promise<TableTalkLabel[]> {
    return lines.map((line) => {
      const score = this.model.probability(line);
      return { tableTalk: score >= this.threshold, score };
    });
  }
}
