import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readLabelledLines, TABLE_TALK_DATA_DIR, type LabelledLine } from './labelled-lines';
import type { TranscriptLine } from '../transcript/lines';
import { wordCount } from '../text/tokenize';
import { markOutsideTheGame } from './game-edges';
import { separateLongTurns, separateMixedLines, type LongTurnRule } from './mixed-lines';
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
 * How long lines are scored with real play's counts. Context 1, neighbours counted less ln 5 (toward
 * play), and each clause less the log of how many there are (the highest of a 30-clause speech's
 * noisy clause scores is high by chance): each marked less of CRD3's play on the same sets.
 */
const REAL_PLAY_SCORING: Scoring = {
  context: 1,
  neighbourLean: Math.log(5),
  manyClauses: 1,
  wholeFrom: 250,
  clausesUnlessPlay: Infinity,
};

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
/**
 * When a long turn of a transcript file is cut (`separateLongTurns`), by real play's counts: the turn
 * is sure play as a whole (log odds -10 or less) and one sentence sure table talk (8 or more).
 * Measured with bench/real-play/table-talk.ts's episodes: 10 of C1E001-3's 7,900 turns are cut and 64
 * of the 24 held-out train episodes' 64,149. Held out, in-game words marked 0.282 -> 0.281 and
 * out-of-game caught 0.830 -> 0.828 (the show's Q&A episode, where the cast tells stories of past
 * play, loses a few turns' tails to play). Among C1E001-3's cuts is C1E002's recap, taken out of play
 * by its opening "Let's go ahead and do a little recap of what happened last week": the detailed
 * summaries name 108 -> 114 of the synopsis's 185 in-game names (30 episodes: 0.647 -> 0.651, the same
 * 19 out-of-game names). At 3 or 5 for the sentence, up to twelve times as many turns are cut for no
 * more names; without the whole-turn bar, caught falls to 0.810.
 */
const LONG_TURN: LongTurnRule = { minWords: LONG_LINE_WORDS, surePlay: 10, sureAside: 8 };
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
 * How a model's log odds become labels: the neighbours' weight, how much they lean toward play, and
 * how much each clause loses per log of the line's clause count.
 */
interface Scoring {
  context: number;
  neighbourLean: number;
  manyClauses: number;
  /**
   * Lines of this many words or more are judged by all their words, not by their most table-talk
   * clause: one clause cannot speak for a monologue. The game master's "previously on" recap is a
   * single turn of 400-odd words in real play, and its closing "…and that was where we left off last
   * session" marked all of it table talk, so Q&A could not find the recap's story (recap questions
   * hit 0.68 against BM25-9's 0.92 on 30 train episodes). From 250 words (bench/real-play/table-talk.ts,
   * 24 held-out train episodes): in-game words marked 0.285 -> 0.282, out-of-game caught 0.830 either
   * way, home asides unchanged; from 150, caught falls to 0.819, from 60 to 0.763 (sponsor reads and
   * letters read out are long too). On the bench's first 30 episodes 8 lines change: four recaps and
   * an NPC's toast come into play, and so do a fan letter read out, a sponsor's thanks and the line after.
   */
  wholeFrom: number;
  /**
   * A line scoring this sure of play as a whole (log odds at most minus this) is judged by its whole,
   * not its clauses. On a short line a clause's score is most of the whole's, and the most
   * table-talk-like of them only lifted a line that reads as play over the bar with its neighbours'
   * help ("Only on a success, so you take the full 22 acid damage.", -8.0 whole, marked by "Only on a
   * success"); a clause that is itself sure table talk was cut off already where the line has word
   * timings (`separate`). Our lines' model, at SURE_CLAUSE (3): bench/real-play/table-talk.ts held-out
   * in-game words marked 0.281 -> 0.264, out-of-game caught 0.828 -> 0.823, the dev campaign's
   * Whisper game lines marked 24 -> 17 with the same 2 asides left in play (4: 0.266 and 19; 10: 0.274
   * and 21); ai-quality whisper-base unchanged (qa 25 of 28, table_talk_leaks 1), whisper-tiny.en
   * table_talk_leaks 2 -> 3 (a rules line, "Yes, but I will in 5 feet count, Hit him on page 96,",
   * -3.8 as a whole, now in play between two asides). Real play's long lines keep their clauses
   * (Infinity): there a sure-play whole often holds an out-of-game clause, and caught fell to 0.77 at 10.
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
      const parts = wordCount(line) >= wholeFrom || whole <= -clausesUnlessPlay ? [] : clauses(line);
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
