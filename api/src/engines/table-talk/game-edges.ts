import { wordCount } from '../text/tokenize';
import type { TableTalkLabel } from './table-talk';

/**
 * Where a night's game starts and ends: a table talks before and after play, and line by line some
 * of that reads as play. The game runs from the first to the last stretch where play outweighs table
 * talk by `sustainedPlay` words (long enough that a mid-session break keeps the play before it); what
 * lies outside is table talk when its marked words outweigh the rest by `edgeTableTalk`. Figures:
 * docs/real-play.md#why-the-constants-are-what-they-are.
 */
export const GAME_EDGES = { sustainedPlay: 1000, edgeTableTalk: 100 };

/**
 * Where the first run of lines whose play (unmarked words, +) outweighs its table talk (marked
 * words, −) by `words` begins: the start of the maximum-sum run ending where the sum first reaches
 * `words` (Kadane's scan); undefined when no run does.
 */
function firstSustainedRun(balance: number[], words: number): number | undefined {
  let [sum, start] = [0, 0];
  for (let i = 0; i < balance.length; i++) {
    if (sum <= 0) [sum, start] = [0, i];
    sum += balance[i];
    if (sum >= words) return start;
  }
  return undefined;
}

/** The labels with the lines before the game starts and after it ends marked table talk. */
export function markOutsideTheGame(
  lines: string[],
  labels: TableTalkLabel[],
  { sustainedPlay, edgeTableTalk } = GAME_EDGES,
): TableTalkLabel[] {
  const balance = lines.map((line, i) => (labels[i].tableTalk ? -1 : 1) * wordCount(line));
  const first = firstSustainedRun(balance, sustainedPlay);
  if (first === undefined) return labels;
  const last = balance.length - 1 - firstSustainedRun([...balance].reverse(), sustainedPlay)!;
  const outweighs = (from: number, to: number) => -balance.slice(from, to).reduce((a, b) => a + b, 0) >= edgeTableTalk;
  const before = outweighs(0, first) ? first : 0;
  const after = outweighs(last + 1, balance.length) ? last + 1 : balance.length;
  return labels.map((label, i) => (i < before || i >= after ? { ...label, tableTalk: true } : label));
}
