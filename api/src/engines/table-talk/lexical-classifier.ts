import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readLabelledLines, TABLE_TALK_DATA_DIR, type LabelledLine } from './labelled-lines';
import type { TranscriptLine } from '../transcript/lines';
import { wordCount } from '../text/tokenize';
import { markOutsideTheGame } from './game-edges';
import { ANNOUNCES_RETELLING, separateLongTurns, separateMixedLines, type LongTurnRule } from './mixed-lines';
import { NaiveBayes } from './naive-bayes';
import {
  CRD3_COUNTS_FILE,
  CRD3_SHORT_COUNTS_FILE,
  LONG_LINE_WORDS,
  REAL_PLAY_WEIGHTS,
  realPlayModel,
  shortLinesModel,
} from './real-play-models';
import { markSureAsides } from './reasons';
import { betweenAsides, surelyPlay, surePlay, withReasons } from './line-rules';
import type { ClassifyOptions, TableTalkClassifier, TableTalkLabel } from './table-talk';

export interface LexicalClassifierOptions {
  /** Training files (`label<TAB>line`); `DEFAULT_TRAINING_FILES` by default. */
  trainingFiles?: string[];
  /** Lines scoring at or above this are table talk. */
  threshold?: number;
  /** How much the neighbouring lines' log odds count next to a line's own (0: not at all). */
  context?: number;
  /** Word counts of real play for long lines (`CRD3_COUNTS_FILE` by default); null: our lines decide every line. */
  realPlayCounts?: string | null;
  /** Real play's short turns' counts for short lines (`CRD3_SHORT_COUNTS_FILE`); null: our lines alone. */
  shortLineCounts?: string | null;
}

export { CRD3_COUNTS_FILE, CRD3_SHORT_COUNTS_FILE, LONG_LINE_WORDS };

/** The labelled lines in data/: the first set, Whisper-styled lines, and a larger, more varied set. */
export const DEFAULT_TRAINING_FILES = ['train.tsv', 'train-whisper.tsv', 'train-more.tsv'].map((f) =>
  path.join(TABLE_TALK_DATA_DIR, f),
);

/** A short excerpt of a CRD3 episode the counts were not fitted on, labelled by its synopsis, for tests. */
export const CRD3_EXCERPT_FILE = 'crd3-excerpt.tsv';

/**
 * How long lines are scored with real play's counts: neighbours lean toward play, and each clause
 * loses the log of how many there are, since the highest of a long speech's noisy clause scores is
 * high by chance. Figures: docs/real-play.md#why-the-constants-are-what-they-are.
 */
const REAL_PLAY_SCORING: Scoring = {
  context: 1,
  neighbourLean: Math.log(5),
  manyClauses: 1,
  wholeFrom: 250,
  clausesUnlessPlay: Infinity,
};

/**
 * One half. A table-talk line left in play is worse than an in-game line marked, but a lower
 * threshold drops more GM narration and in-character speech than it catches table talk.
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
 * sure of the opposite; lower, an aside's tail is cut loose and stays in play.
 */
export const SURE_CLAUSE = 3;
/**
 * When a long turn of a transcript file is cut (`separateLongTurns`), by real play's counts: the turn
 * is sure play as a whole (log odds -10 or less) and one sentence sure table talk (8 or more), so a
 * GM's recap opened by "Let's do a little recap" stays in play without cutting many turns for nothing.
 */
const LONG_TURN: LongTurnRule = { minWords: LONG_LINE_WORDS, surePlay: 10, sureAside: 8 };
/** Neighbours count at most this much: one word the model is sure of should not flip a whole run. */
const MAX_NEIGHBOUR_LOG_ODDS = 6;
/**
 * The GM's lines lean in-game by this much log odds (a factor of e): most of what a GM says is
 * narration and NPC voices, yet "All right, we're back" must stay table talk.
 */
export const GM_LEAN = 1;
/**
 * How many training lines one of the owner's corrections counts as: enough that two corrections turn
 * a campaign's next such lines, few enough that the real table talk around them and the held-out
 * sets do not flip (lexical-classifier.test.ts).
 */
export const CORRECTION_WEIGHT = 4;
/** Models with corrections kept for reuse: a worker classifies a few campaigns' sessions at a time. */
const ADAPTED_MODELS_KEPT = 16;

/**
 * How a model's log odds become labels: the neighbours' weight, how much they lean toward play, and
 * how much each clause loses per log of the line's clause count.
 */
interface Scoring {
  context: number;
  neighbourLean: number;
  manyClauses: number;
  /**
   * Lines of this many words or more are judged by all their words, not by their most table-talk
   * clause: one closing "that was where we left off" must not take a whole recap out of play.
   */
  wholeFrom: number;
  /**
   * A line this sure of play as a whole (log odds at most minus this) is judged by its whole, not its
   * clauses: on a short line one clause's score with its neighbours' help could lift clear play over
   * the bar. Infinity for real play's long lines, where a sure-play whole often holds an aside.
   */
  clausesUnlessPlay: number;
}

/**
 * The models a classification uses: short lines' (our lines on real play's short turns, or ours
 * alone), real play's for long lines (if any), and our lines alone, which cut mixed lines.
 */
interface Models {
  hand: NaiveBayes;
  lines: NaiveBayes;
  realPlay?: NaiveBayes;
}

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
  private readonly models: Models;
  private readonly threshold: number;
  private readonly context: number;
  /** By the corrections' content, most recently used last. */
  private readonly adapted = new Map<string, Models>();

  constructor(options: LexicalClassifierOptions = {}) {
    const lines = (options.trainingFiles ?? DEFAULT_TRAINING_FILES).flatMap(readLabelledLines);
    const read = (file: string | null | undefined, byDefault: string) =>
      file === null
        ? undefined
        : JSON.parse(fs.readFileSync(file ?? path.join(TABLE_TALK_DATA_DIR, byDefault), 'utf8'));
    const counts = read(options.realPlayCounts, CRD3_COUNTS_FILE);
    const short = counts && read(options.shortLineCounts, CRD3_SHORT_COUNTS_FILE);
    const ours = new NaiveBayes(lines);
    this.models = {
      hand: short ? shortLinesModel(lines, short) : ours,
      lines: ours,
      ...(counts && { realPlay: realPlayModel(lines, counts) }),
    };
    this.threshold = options.threshold ?? DEFAULT_THRESHOLD;
    this.context = options.context ?? DEFAULT_CONTEXT;
  }

  /**
   * Lines whose clauses clearly disagree, cut into their table-talk and in-game parts; with real
   * play's counts, long turns without word timings (a transcript file's) by their sentences too.
   */
  separate<T extends TranscriptLine>(lines: T[], sure = SURE_CLAUSE): T[] {
    const { lines: hand, realPlay } = this.models;
    // A long line is judged by real play's counts, clause by clause too (`label`): a clause they are
    // sure is table talk is cut off as one ours is sure of. Play stays ours to call: real play's
    // counts read a home table's aside as play ("…watch that documentary about the crown jewels").
    // Our lines alone judge a clause here: cuts were measured word by word on the dev campaign with them.
    const clauseOdds = (clause: string, line: T) => {
      const ours = hand.logOdds(clause);
      if (!realPlay || wordCount(line.text) < LONG_LINE_WORDS) return ours;
      const theirs = realPlay.logOdds(clause);
      return theirs >= sure && theirs > ours ? theirs : ours;
    };
    const heard = separateMixedLines(lines, clauseOdds, sure);
    return realPlay ? separateLongTurns(heard, (text) => realPlay.logOdds(text), LONG_TURN) : heard;
  }

  async classify(
    lines: string[],
    { corrections = [], speakers = [] }: ClassifyOptions = {},
  ): Promise<TableTalkLabel[]> {
    const models = this.modelsFor(corrections);
    const handScoring: Scoring = {
      context: this.context,
      neighbourLean: 0,
      manyClauses: 0,
      wholeFrom: Infinity,
      clausesUnlessPlay: SURE_CLAUSE,
    };
    const hand = this.ownLogOdds(lines, speakers, models.hand, handScoring);
    if (!models.realPlay)
      return withReasons(
        lines,
        markOutsideTheGame(
          lines,
          lines.map((_, i) => this.withContext(hand, i, handScoring)),
        ),
      );
    const realPlay = this.ownLogOdds(lines, speakers, models.realPlay, REAL_PLAY_SCORING);
    // A short line is ours to call, its neighbours real play's (leaning play as a long line's do):
    // our short lines' model reads most narration beside a "Yeah." or "Okay." as chatter.
    const shortScoring = { ...handScoring, neighbourLean: REAL_PLAY_SCORING.neighbourLean };
    const labels = lines.map((line, i) =>
      wordCount(line) >= LONG_LINE_WORDS
        ? this.withContext(realPlay, i, REAL_PLAY_SCORING)
        : this.withContext(hand, i, shortScoring, realPlay),
    );
    const odds = { realPlay, ours: lines.map((l) => models.lines.logOdds(l)) };
    const sure = markSureAsides(lines, surePlay(lines, labels, odds), corrections, (i) => surelyPlay(odds, i, 'both'));
    return withReasons(lines, markOutsideTheGame(lines, betweenAsides(lines, sure)));
  }

  /** Each line's own log odds (its whole or its most table-talk clause), the GM's leaning to play. */
  private ownLogOdds(
    lines: string[],
    speakers: ClassifyOptions['speakers'] & object,
    model: NaiveBayes,
    { manyClauses, wholeFrom, clausesUnlessPlay }: Scoring,
  ): number[] {
    return lines.map((line, i) => {
      const whole = model.logOdds(line);
      // The clause announcing a recap ("let's do a little recap") does not take a line that is sure play out of it.
      const announced = (c: string) => whole <= -LONG_TURN.surePlay && ANNOUNCES_RETELLING.test(c);
      const parts =
        wordCount(line) >= wholeFrom || whole <= -clausesUnlessPlay ? [] : clauses(line).filter((c) => !announced(c));
      const penalty = CLAUSE_PENALTY + manyClauses * Math.log(Math.max(1, parts.length));
      const z = Math.max(whole, ...parts.map((c) => model.logOdds(c) - penalty));
      return z - (speakers[i] === 'gm' ? GM_LEAN : 0);
    });
  }

  /**
   * Line i's label: its own log odds plus its neighbours' (as `around` scores them), capped and
   * leaning as the scoring says.
   */
  private withContext(own: number[], i: number, { context, neighbourLean }: Scoring, around = own): TableTalkLabel {
    const capped = [around[i - 1], around[i + 1]]
      .filter((n) => n !== undefined)
      .map((z) => Math.max(-MAX_NEIGHBOUR_LOG_ODDS, Math.min(MAX_NEIGHBOUR_LOG_ODDS, z - neighbourLean)));
    const nearby = capped.length ? capped.reduce((a, b) => a + b, 0) / capped.length : 0;
    const score = 1 / (1 + Math.exp(-(own[i] + context * nearby)));
    return { tableTalk: score >= this.threshold, score };
  }

  /** The shared models, or the shared models plus a campaign's corrections (cached by their content). */
  private modelsFor(corrections: LabelledLine[]): Models {
    if (!corrections.length) return this.models;
    const key = createHash('sha256')
      .update(JSON.stringify(corrections.map((c) => [c.tableTalk, c.text])))
      .digest('base64url');
    const { hand, lines, realPlay } = this.models;
    // A correction outweighs as many of our lines as the model counts each of them for.
    const onRealPlay = CORRECTION_WEIGHT * REAL_PLAY_WEIGHTS.lines;
    const models = this.adapted.get(key) ?? {
      hand: hand.withExamples(corrections, hand === lines ? CORRECTION_WEIGHT : onRealPlay),
      lines,
      realPlay: realPlay?.withExamples(corrections, onRealPlay),
    };
    this.adapted.delete(key);
    this.adapted.set(key, models);
    if (this.adapted.size > ADAPTED_MODELS_KEPT) this.adapted.delete(this.adapted.keys().next().value!);
    return models;
  }
}
