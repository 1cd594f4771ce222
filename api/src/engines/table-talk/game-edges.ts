import { wordCount } from '../text/tokenize';
import type { TableTalkLabel } from './table-talk';

/**
 * Where a night's game starts and ends. A table talks before play (who is late, the week, a show's
 * announcements) and after it (scheduling, thanks), and line by line some of that reads as play to
 * a model of words ("Congrats, level 64, so you're just barely into Burning Crusade."). The game is
 * the stretch from the first run of lines in which play outweighs table talk by `sustainedPlay`
 * words to the last such run; what lies before or after it is table talk when its marked lines
 * outweigh its unmarked ones by `edgeTableTalk` words.
 *
 * Measured with bench/real-play/table-talk.ts (docs/real-play.md, "The game's edges"): on the 24
 * held-out CRD3 train episodes, out-of-game words caught 0.823 -> 0.998 for in-game words marked
 * 0.264 -> 0.269 (what it adds is mostly the show's chat that CRD3's alignment gives to the first or
 * last scene); the dev campaign's Whisper nights, a few minutes each, are unchanged (2 asides left
 * in play, 17 game lines marked); on the real-play bench's 30 episodes the summaries' out-of-game
 * names went 18 -> 0, their in-game names unchanged. With a run of 300 words, caught was 0.920: the
 * show's pre-game has long stretches that read as play (a game played at home, a letter read out).
 * From 1,000 words (about seven minutes of speech) a mid-session break does not take the play
 * before it: the edges move only up to the first and from the last sustained run.
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
