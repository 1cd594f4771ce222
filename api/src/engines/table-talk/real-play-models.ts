import type { LabelledLine } from './labelled-lines';
import { NaiveBayes, type NaiveBayesCounts } from './naive-bayes';

/** Word counts of real play (CRD3, derived by bench/real-play/table-talk-model.ts), in data/. */
export const CRD3_COUNTS_FILE = 'crd3-counts.json';
/** The same counts over real play's short turns alone (fewer than `LONG_LINE_WORDS` words). */
export const CRD3_SHORT_COUNTS_FILE = 'crd3-short-counts.json';

/**
 * Lines of this many words or more are judged with real play's counts of every line; shorter ones
 * with our lines on real play's short turns (`shortLinesModel`). Our labelled lines are a sentence or
 * two, and on long ones naive Bayes adds up dozens of chatty words into sure table talk, marking the
 * GM's narration, recaps and NPC speeches. Figures: docs/real-play.md#why-the-constants-are-what-they-are.
 */
export const LONG_LINE_WORDS = 15;

/**
 * Real play holds 200k lines against our 1.4k: counted 30 times, our lines keep deciding the words
 * they know (pizza, phones, breaks) and real play decides the rest; their in-game words count 5 times
 * more, or real play's much larger in-game side thins out what they teach.
 */
export const REAL_PLAY_WEIGHTS = { lines: 30, inGameWords: 5 };

/**
 * Our lines on top of real play's word counts, without real play's lines: its share of table talk (3 %
 * in CRD3) is one show's format, so the prior stays our lines' half and half.
 */
export function realPlayModel(lines: LabelledLine[], counts: NaiveBayesCounts): NaiveBayes {
  const { lines: weight, inGameWords } = REAL_PLAY_WEIGHTS;
  const words = { ...counts, table: { ...counts.table, lines: 0 }, game: { ...counts.game, lines: 0 } };
  return new NaiveBayes(lines, undefined, words, weight).withExamples(
    lines.filter((l) => !l.tableTalk),
    weight * (inGameWords - 1),
    0,
  );
}

/**
 * How the short lines' model mixes its sources. Our lines are smoothed in their own unit (half a line,
 * 15, not half a word), or one rules question holding "shield spell" makes that pair sure table talk
 * in any line. Real play's short table-talk turns count 5 times, so its far larger in-game side does
 * not dilute every word our asides share with play.
 */
const SHORT_LINES = { smoothing: 15, realPlayTable: 5 };

/**
 * Short lines: our lines on real play's short turns, by their topic words only (`topicFeatures`).
 * Our lines' play is written narration, so alone they taught that speech itself is table talk ("Let's
 * do it!"); real play's short turns are how a table talks in character, and the topic words of our
 * asides (pizza, phones, the schedule) still decide.
 */
export function shortLinesModel(lines: LabelledLine[], counts: NaiveBayesCounts): NaiveBayes {
  const k = SHORT_LINES.realPlayTable;
  const words: NaiveBayesCounts = {
    table: { lines: 0, total: counts.table.total * k },
    game: { lines: 0, total: counts.game.total },
    features: Object.fromEntries(Object.entries(counts.features).map(([f, [t, g]]) => [f, [t * k, g]])),
  };
  const weight = REAL_PLAY_WEIGHTS.lines;
  return new NaiveBayes(lines, SHORT_LINES.smoothing, words, weight, weight, true);
}
