import { wordCount } from '../text/tokenize';
import { LONG_LINE_WORDS } from './real-play-models';
import { reasonsFor } from './reasons';
import type { TableTalkLabel } from './table-talk';

/** Shorter than this, a line between two asides is one (`betweenAsides`). */
const BETWEEN_ASIDES_WORDS = 8;

/**
 * A short line between two table-talk lines is table talk, however much its words read as play:
 * "Sorry I'm late, everyone." / "The ring road was completely jammed." / "No worries, grab a chair."
 * ("road" makes the middle one sure play to a model of words). Table talk comes in runs, and a
 * sentence this short carries no story of its own there. Under `BETWEEN_ASIDES_WORDS` words:
 * bench/real-play/table-talk.ts, CRD3 in-game words marked 0.204 -> 0.210 held out (0.221 ->
 * 0.228 dev), caught unchanged, the dev campaign's nights 3 -> 2 asides left in play with the
 * same 16 game lines marked; under 15 words, 20 game lines marked.
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
 * reason (reasons.ts, applied after). Real play's: as sure as a neighbour may ever count (the
 * classifier's cap on neighbours). Ours: as sure as a clause must be to be cut (`SURE_CLAUSE`). The
 * short lines' model knows "shield spell" only from our rules questions, and marked "I cast a shield
 * spell and the flames wash over the knight." after a rules question (real play -6.3) and Whisper's
 * "...over the night." (real play -0.1, ours -5.6). bench/real-play/table-talk.ts: CRD3 0.091 ->
 * 0.089 marked on the dev episodes, caught 0.993 -> 0.991 on the first held-out half, the dev
 * campaign's nights 15 -> 12 game lines marked with the same 3 asides in play; real play's at 5: 7
 * asides in play, at 7 the clean line stays marked.
 */
export const SURE_PLAY = { realPlay: 6, ours: 3 };

/** Each line's log odds by real play's counts and by our lines alone. */
export interface BothOdds {
  realPlay: number[];
  ours: number[];
}

/**
 * Whether one of the models (or both) is sure line i is play (`SURE_PLAY`). Both must be to overrule
 * a reason's words (reasons.ts): with one, "Wait, do I get sneak attack if Brannoc is standing right
 * next to it?" went into play (ai-quality's scripts, 3 -> 4 asides in play; the dev nights 3 -> 4).
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
