import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readLabelledLines, TABLE_TALK_DATA_DIR, type LabelledLine } from './labelled-lines';
import type { TranscriptLine } from '../transcript/lines';
import { separateMixedLines } from './mixed-lines';
import { NaiveBayes, type NaiveBayesCounts } from './naive-bayes';
import type { ClassifyOptions, TableTalkClassifier, TableTalkLabel } from './table-talk';

export interface LexicalClassifierOptions {
  /** Training files (`label<TAB>line`); `DEFAULT_TRAINING_FILES` by default. */
  trainingFiles?: string[];
  /** Lines scoring at or above this are table talk. */
  threshold?: number;
  /** How much the neighbouring lines' log odds count next to a line's own (0: not at all). */
  context?: number;
  /** Word counts of real play that the training lines are added to (`CRD3_COUNTS_FILE`); null: none. */
  realPlayCounts?: string | null;
  /** How many real-play lines one training line counts as (`HAND_WEIGHT`). */
  handWeight?: number;
}

/** The labelled lines in data/: the first set, Whisper-styled lines, and a larger, more varied set. */
export const DEFAULT_TRAINING_FILES = ['train.tsv', 'train-whisper.tsv', 'train-more.tsv'].map((f) =>
  path.join(TABLE_TALK_DATA_DIR, f),
);

/** Word counts of real play (CRD3, derived by bench/real-play/table-talk-model.ts), in data/. */
export const CRD3_COUNTS_FILE = 'crd3-counts.json';
/** A short excerpt of a CRD3 episode the counts were not fitted on, labelled by its synopsis, for tests. */
export const CRD3_EXCERPT_FILE = 'crd3-excerpt.tsv';

/**
 * Real play holds 200k lines against our 1.4k, but its labels are coarse (a whole synopsis part is in
 * or out of the game, banter and rules talk during play included): counted 30 times, our lines keep
 * deciding the words they know (pizza, phones, breaks) and real play decides the rest (narration,
 * names, long speeches). Measured with bench/real-play/table-talk.ts on CRD3 episodes the counts were
 * not fitted on, the dev campaign's Whisper lines and heldout*.tsv: 10 lost held-out recall, 60 and
 * more left more of the dev campaign's table talk in play.
 */
export const HAND_WEIGHT = 30;
/**
 * Our in-game lines' words count this many times more than their table-talk lines' words. Real play's
 * in-game side is 30 times larger than its table-talk side, and it would thin out what our in-game
 * lines teach ("I cast a shield spell…" leaned table talk); 5 brought that back without marking more
 * real play (4–6 measured alike).
 */
const IN_GAME_WORDS_WEIGHT = 5;

/**
 * One half. A table-talk line left in play is worse than an in-game line marked table talk, but since
 * train-more.tsv the model is no longer short of in-game examples, and a lower threshold drops more GM
 * narration and in-character speech than it catches table talk: on Whisper lines of the dev campaign
 * (transcript/fixtures) 0.35 at its best context lost 33 in-game lines and left 2 of table talk in play,
 * one half 24 and 1. Chosen with `DEFAULT_CONTEXT` there, on heldout.tsv and by cross-validation.
 */
export const DEFAULT_THRESHOLD = 0.5;
/**
 * Table talk comes in runs: "Grab a drink." between two lines about a break is part of the break, and
 * "Oh no!" between two lines of narration is play. With real play's counts 1 marked less play on CRD3
 * than 0.5 (in-game words marked on the dev episodes 0.15 → 0.12) and left fewer of the dev
 * campaign's table-talk lines in play (15 → 11); 1.5 left more.
 */
export const DEFAULT_CONTEXT = 1;
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
 * Real play's counts make the model surer of everything: at 3 and below cutting then left two more
 * table-talk words in play than whole lines, at 5 one (61 in-game words lost against 176 uncut).
 */
export const SURE_CLAUSE = 5;
/**
 * Neighbours count less this in log odds (toward play) before they pull a line: in real play a joke
 * or an "Oh no!" sits among narration, and a neighbour that is only a little table talk should not
 * take it out of the game. Measured with `IN_GAME_WORDS_WEIGHT` on the same sets: ln 5 (1.6).
 */
const NEIGHBOUR_LEAN = Math.log(5);
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

/**
 * Real play's words without its lines: the share of lines that are table talk (3 % in CRD3) is one
 * show's format, so the prior comes from the training lines alone, which are half and half.
 */
const wordsOnly = (counts: NaiveBayesCounts): NaiveBayesCounts => ({
  ...counts,
  table: { ...counts.table, lines: 0 },
  game: { ...counts.game, lines: 0 },
});

/** Clauses of three words or more, when a line has more than one. */
function clauses(line: string): string[] {
  const parts = line
    .split(/[,;:.?!]+\s+/)
    .map((c) => c.trim())
    .filter((c) => c.split(/\s+/).length >= 3);
  return parts.length > 1 ? parts : [];
}

/**
 * Each clause's log odds, less `CLAUSE_PENALTY` and the log of how many there are: the line takes
 * the highest, and the highest of many noisy scores is high by chance (a GM's 30-clause speech has
 * some clause that sounds like an aside). On CRD3 train episodes this halved the in-game words lost
 * through one clause while the dev campaign's comma-joined asides stayed caught.
 */
function clauseLogOdds(model: NaiveBayes, line: string): number[] {
  const parts = clauses(line);
  return parts.map((c) => model.logOdds(c) - CLAUSE_PENALTY - Math.log(parts.length));
}

/** Offline table-talk filter: naive Bayes trained at start-up on the labelled lines in the repo. */
export class LexicalTableTalkClassifier implements TableTalkClassifier {
  private readonly model: NaiveBayes;
  private readonly threshold: number;
  private readonly context: number;
  private readonly handWeight: number;
  /** By the corrections' content, most recently used last. */
  private readonly adapted = new Map<string, NaiveBayes>();

  constructor(options: LexicalClassifierOptions = {}) {
    const lines = (options.trainingFiles ?? DEFAULT_TRAINING_FILES).flatMap(readLabelledLines);
    const realPlay =
      options.realPlayCounts === undefined ? path.join(TABLE_TALK_DATA_DIR, CRD3_COUNTS_FILE) : options.realPlayCounts;
    this.handWeight = realPlay ? (options.handWeight ?? HAND_WEIGHT) : 1;
    this.model = realPlay
      ? new NaiveBayes(lines, undefined, wordsOnly(JSON.parse(fs.readFileSync(realPlay, 'utf8'))), this.handWeight)
          // The in-game lines' words once more, their lines not: the prior stays half and half.
          .withExamples(
            lines.filter((l) => !l.tableTalk),
            this.handWeight * (IN_GAME_WORDS_WEIGHT - 1),
            0,
          )
      : new NaiveBayes(lines);
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
      (line, i) => Math.max(model.logOdds(line), ...clauseLogOdds(model, line)) - (speakers[i] === 'gm' ? GM_LEAN : 0),
    );
    const capped = own.map((z) =>
      Math.max(-MAX_NEIGHBOUR_LOG_ODDS, Math.min(MAX_NEIGHBOUR_LOG_ODDS, z - NEIGHBOUR_LEAN)),
    );
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
    const model = this.adapted.get(key) ?? this.model.withExamples(corrections, CORRECTION_WEIGHT * this.handWeight);
    this.adapted.delete(key);
    this.adapted.set(key, model);
    if (this.adapted.size > ADAPTED_MODELS_KEPT) this.adapted.delete(this.adapted.keys().next().value!);
    return model;
  }
}
