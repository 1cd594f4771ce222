import type { LabelledLine } from './labelled-lines';
import { NaiveBayes, type NaiveBayesCounts } from './naive-bayes';

/** Word counts of real play (CRD3, derived by bench/real-play/table-talk-model.ts), in data/. */
export const CRD3_COUNTS_FILE = 'crd3-counts.json';
/** The same counts over real play's short turns alone (fewer than `LONG_LINE_WORDS` words). */
export const CRD3_SHORT_COUNTS_FILE = 'crd3-short-counts.json';

/**
 * Lines of this many words or more are judged with real play's counts of every line; shorter ones
 * with our lines on real play's short turns (`shortLinesModel`). Our labelled lines are short (a
 * sentence or two), and on long ones naive Bayes adds up dozens of chatty words into sure table talk:
 * on CRD3 train episodes it marked 65-72 % of in-game words, the GM's narration, recaps and NPC
 * speeches among them. From 15 words on ai-quality was unchanged (table_talk_leaks 0, qa 25 of 28).
 */
export const LONG_LINE_WORDS = 15;

/**
 * Real play holds 200k lines against our 1.4k: counted 30 times, our lines keep deciding the words
 * they know (pizza, phones, breaks) and real play decides the rest (narration, names, long speeches);
 * their in-game words count 5 times more, or real play's 30-times-larger in-game side thins out what
 * they teach. Measured on CRD3 episodes the counts were not fitted on (bench/real-play/table-talk.ts),
 * heldout*.tsv and the dev campaign: 10 lost held-out recall, 60 and more marked no less play.
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
 * How the short lines' model mixes its sources. Our lines count 30 times each, as for long lines, and
 * are smoothed in the same unit (add half a line, 15, not half a word): at 0.5 one rules question
 * holding "shield spell" made that pair sure table talk (log odds 8.4) in any line. Real play's short
 * table-talk turns (the show's chat before the game, 3 % of its short turns) count 5 times, so its
 * in-game side's 31-times-larger mass does not dilute every word our asides share with play.
 * Measured on bench/real-play/table-talk.ts's dev episodes and first held-out half: smoothing 0.5 ->
 * 15 marked 0.094 -> 0.085 of the dev episodes' in-game words and left the same 2 of the ai-quality
 * scripts' asides in play, 5 -> 3 on the dev campaign's nights; the table side at 5 times 0.091, home
 * asides 3, caught 0.952 -> 0.959 (1 time) and the held-out half's 0.987 -> 0.993; at 10-31 times
 * more of the home asides stay in play (5-10) and the dev episodes' marked rises to 0.097-0.105.
 */
const SHORT_LINES = { smoothing: 15, realPlayTable: 5 };

/**
 * Short lines: our lines on real play's short turns, by their topic words only (`topicFeatures`).
 * Our lines' play is written narration, so alone they taught that speech itself is table talk:
 * "Let's do it!", "I put it in the bag of holding.", "We have to go find him, don't we?" were marked,
 * and short lines held most of CRD3's in-game words marked (0.42 of those in lines of 5-14 words).
 * Real play's short turns are how a table talks in character; function words say nothing either
 * way, and the topic words of our asides (pizza, phones, the schedule) still decide. With function
 * words CRD3's in-game words marked fell further (0.078) but the show's Q&A episode's talk went into
 * play (caught 0.79 on the first held-out half) and 15 of the dev campaign's asides.
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
