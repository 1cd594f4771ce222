import { createHash } from 'node:crypto';
import path from 'node:path';
import { readLabelledLines, TABLE_TALK_DATA_DIR, type LabelledLine } from './labelled-lines';
import type { TranscriptLine } from '../transcript/lines';
import { separateMixedLines } from './mixed-lines';
import { NaiveBayes } from './naive-bayes';
import type { ClassifyOptions, TableTalkClassifier, TableTalkLabel } from './table-talk';

export interface LexicalClassifierOptions {
  /** Training files (`label<TAB>line`); `DEFAULT_TRAINING_FILES` by default. */
  trainingFiles?: string[];
  /** Lines scoring at or above this are table talk. */
  threshold?: number;
  /** How much the neighbouring lines' log odds count next to a line's own (0: not at all). */
  context?: number;
}

/** The labelled lines in data/: the first set, Whisper-styled lines, and a larger, more varied set. */
export const DEFAULT_TRAINING_FILES = ['train.tsv', 'train-whisper.tsv', 'train-more.tsv'].map((f) =>
  path.join(TABLE_TALK_DATA_DIR, f),
);

/**
 * One half. A table-talk line left in play is worse than an in-game line marked table talk, but since
 * train-more.tsv the model is no longer short of in-game examples, and a lower threshold drops more GM
 * narration and in-character speech than it catches table talk: on Whisper lines of the dev campaign
 * (transcript/fixtures) 0.35 at its best context lost 33 in-game lines and left 2 of table talk in play,
 * one half 24 and 1. Chosen with `DEFAULT_CONTEXT` there, on heldout.tsv and by cross-validation.
 */
export const DEFAULT_THRESHOLD = 0.5;
/** Table talk comes in runs: "Grab a drink." between two lines about a break is part of the break. */
export const DEFAULT_CONTEXT = 0.5;
/**
 * A clause scores on its own too, less this in log odds: Whisper writes a player's aside and the GM's
 * next line as one sentence joined by a comma ("I'll text the group chat, and you reach the tower").
 */
const CLAUSE_PENALTY = 1;
/**
 * A clause this sure of its label (log odds either way) is cut from a line whose other clause is as
 * sure of the opposite. On Whisper lines of the dev campaign (4 ways × 3 sessions) cutting at 3 lost
 * a third fewer in-game words to the filter (246 of 1,910 against 368) and left one more table-talk
 * word in play (4 of 940 against 3); at 2 or less, asides' tails cut loose and 24 stayed in play.
 */
export const SURE_CLAUSE = 3;
/** Neighbours count at most this much: one word the model is sure of should not flip a whole run. */
const MAX_NEIGHBOUR_LOG_ODDS = 6;
/**
 * The GM's lines lean in-game by this much log odds (a factor of e): most of what a GM says is
 * narration and NPC voices. On the GM's lines of the dev campaign (transcript/fixtures, Whisper
 * tiny.en) 1 turned the two narrated lines the filter lost (scores 0.50, 0.60) in-game and kept the
 * GM's "All right, we're back" (0.87) table talk; 2 lost that one too.
 */
export const GM_LEAN = 1;
/**
 * How many training lines one of the owner's corrections counts as. Chosen on a cyberpunk crew whose
 * in-game texts, phone calls and pizza couriers read as table talk: counted four times, two
 * corrections turn the campaign's next such lines, the real table talk around them (a phone call
 * from mom, ordering pizza) stays table talk, and the held-out sets score as before; at eight and
 * more, held-out lines start to flip (lexical-classifier.test.ts).
 */
export const CORRECTION_WEIGHT = 4;
/** Models with corrections kept for reuse: a worker classifies a few campaigns' sessions at a time. */
const ADAPTED_MODELS_KEPT = 16;

/** Clauses of three words or more, when a line has more than one. */
function clauses(line: string): string[] {
  const parts = line
    .split(/[,;:.?!]+\s+/)
    .map((c) => c.trim())
    .filter((c) => c.split(/\s+/).length >= 3);
  return parts.length > 1 ? parts : [];
}

/** Offline table-talk filter: naive Bayes trained at start-up on the labelled lines in the repo. */
export class LexicalTableTalkClassifier implements TableTalkClassifier {
  private readonly model: NaiveBayes;
  private readonly threshold: number;
  private readonly context: number;
  /** By the corrections' content, most recently used last. */
  private readonly adapted = new Map<string, NaiveBayes>();

  constructor(options: LexicalClassifierOptions = {}) {
    this.model = new NaiveBayes((options.trainingFiles ?? DEFAULT_TRAINING_FILES).flatMap(readLabelledLines));
    this.threshold = options.threshold ?? DEFAULT_THRESHOLD;
    this.context = options.context ?? DEFAULT_CONTEXT;
  }

  /** Lines whose clauses clearly disagree, cut into their table-talk and in-game parts. */
  separate(lines: TranscriptLine[], sure = SURE_CLAUSE): TranscriptLine[] {
    return separateMixedLines(lines, (text) => this.model.logOdds(text), sure);
  }

  async classify(
    lines: string[],
    { corrections = [], speakers = [] }: ClassifyOptions = {},
  ): Promise<TableTalkLabel[]> {
    const model = this.modelFor(corrections);
    const own = lines.map(
      (line, i) =>
        Math.max(model.logOdds(line), ...clauses(line).map((c) => model.logOdds(c) - CLAUSE_PENALTY)) -
        (speakers[i] === 'gm' ? GM_LEAN : 0),
    );
    const capped = own.map((z) => Math.max(-MAX_NEIGHBOUR_LOG_ODDS, Math.min(MAX_NEIGHBOUR_LOG_ODDS, z)));
    return own.map((z, i) => {
      const neighbours = [capped[i - 1], capped[i + 1]].filter((n) => n !== undefined);
      const nearby = neighbours.length ? neighbours.reduce((a, b) => a + b, 0) / neighbours.length : 0;
      const score = 1 / (1 + Math.exp(-(z + this.context * nearby)));
      return { tableTalk: score >= this.threshold, score };
    });
  }

  /** The shared model, or the shared model plus a campaign's corrections (cached by their content). */
  private modelFor(corrections: LabelledLine[]): NaiveBayes {
    if (!corrections.length) return this.model;
    const key = createHash('sha256')
      .update(JSON.stringify(corrections.map((c) => [c.tableTalk, c.text])))
      .digest('base64url');
    const model = this.adapted.get(key) ?? this.model.withExamples(corrections, CORRECTION_WEIGHT);
    this.adapted.delete(key);
    this.adapted.set(key, model);
    if (this.adapted.size > ADAPTED_MODELS_KEPT) this.adapted.delete(this.adapted.keys().next().value!);
    return model;
  }
}
