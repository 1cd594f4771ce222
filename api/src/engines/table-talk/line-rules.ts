import { wordCount } from '../text/tokenize';
import { LONG_LINE_WORDS } from './real-play-models';
import { reasonsFor } from './reasons';
import type { TableTalkLabel } from './table-talk';

/** Shorter than this, a line between two asides is one (`betweenAsides`). */
const BETWEEN_ASIDES_WORDS = 8;

/**
 * A short line between two table-talk lines is table talk, however much its words read as play:
 * "Sorry I'm late." / "The ring road was jammed." / "No worries." ("road" reads as play to a model of
 * words). Table talk comes in runs, and a sentence this short carries no story of its own there.
 * Figures: docs/real-play.md#why-the-constants-are-what-they-are.
 */
export function betweenAsides(lines: string[], labels: TableTalkLabel[]): TableTalkLabel[] {
  return labels.map((label, i) =>
    !label.tableTalk &&
    wordCount(lines[i]) < BETWEEN_ASIDES_WORDS &&
    labels[i - 1]?.tableTalk &&
    labels[i + 1]?.tableTalk
      ? { ...label, tableTalk: true }
      : label,
  );
}

/**
 * How sure of play (log odds) real play's counts, or our lines alone, must be of a short line for it
 * to stay in play whatever the short lines' model and its neighbours say, unless its words give a
 * reason (reasons.ts). Real play's: as sure as a neighbour may ever count; ours: `SURE_CLAUSE`. It keeps
 * "I cast a shield spell…" in play after a rules question about shield.
 */
export const SURE_PLAY = { realPlay: 6, ours: 3 };

/** Each line's log odds by real play's counts and by our lines alone. */
export interface BothOdds {
  realPlay: number[];
  ours: number[];
}

/**
 * Whether one of the models (or both) is sure line i is play (`SURE_PLAY`). Both must be to overrule
 * a reason's words (reasons.ts): one alone let a sneak-attack rules question into play.
 */
export const surelyPlay = (odds: BothOdds, i: number, which: 'one' | 'both' = 'one') => {
  const [theirs, ours] = [odds.realPlay[i] <= -SURE_PLAY.realPlay, odds.ours[i] <= -SURE_PLAY.ours];
  return which === 'both' ? theirs && ours : theirs || ours;
};

/** The labels with every short line one model is sure is play in play. */
export function surePlay(lines: string[], labels: TableTalkLabel[], odds: BothOdds): TableTalkLabel[] {
  return labels.map((label, i) =>
    label.tableTalk && wordCount(lines[i]) < LONG_LINE_WORDS && surelyPlay(odds, i)
      ? { ...label, tableTalk: false }
      : label,
  );
}

/** The labels, each marked one with why (reasons.ts). */
export function withReasons(lines: string[], labels: TableTalkLabel[]): TableTalkLabel[] {
  const reasons = reasonsFor(
    lines,
    labels.map((l) => l.tableTalk),
  );
  return labels.map((label, i) => (reasons[i] ? { ...label, reason: reasons[i] } : label));
}
