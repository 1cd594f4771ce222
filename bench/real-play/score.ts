/*
 * What the real-play bench counts, apart from names (names.ts): where an aligned synopsis sentence
 * lies in a session's timed lines, whether a citation or a baseline window lands there, and the
 * evenly spaced lines a summary is compared with.
 */
import type { DerivedEpisode, Question } from './derive';

export interface TimedLine {
  startMs: number;
  endMs: number;
  text: string;
  tableTalk: boolean;
}

/** An imported episode: its session, its lines as the api stores them, and the CRD3 turn of each. */
export interface ImportedEpisode {
  episode: DerivedEpisode;
  sessionId: string;
  lines: TimedLine[];
}

export interface Span {
  sessionId: string;
  startMs: number;
  endMs: number;
}

/** The stored lines of the aligned turns. */
export function alignedLines(imported: ImportedEpisode, q: Question): TimedLine[] {
  return imported.lines.filter((_, i) => {
    const turn = imported.episode.turnOfLine[i];
    return turn >= q.turnStart && turn <= q.turnEnd;
  });
}

/** The lines of turns aligned to some in-game synopsis sentence: the story, by CRD3's alignment. */
export function storyLines(imported: ImportedEpisode): TimedLine[] {
  const { episode, lines } = imported;
  return lines.filter((_, i) => {
    const turn = episode.turnOfLine[i];
    return episode.questions.some((q) => turn >= q.turnStart && turn <= q.turnEnd);
  });
}

/** The lines of the aligned turns, as one time span [start, end) of the session; null when no line has words. */
export function alignedSpan(imported: ImportedEpisode, q: Question): Span | null {
  const inside = alignedLines(imported, q);
  if (!inside.length) return null;
  return { sessionId: imported.sessionId, startMs: inside[0].startMs, endMs: inside[inside.length - 1].endMs };
}

/** A hit: a span of the same session that shares some time with the aligned lines (line times abut, never overlap). */
export const overlaps = (a: Span, b: Span) => a.sessionId === b.sessionId && a.startMs < b.endMs && b.startMs < a.endMs;

/** A baseline window of lines [first, last] holds a turn of the aligned range. */
export function windowHolds(episode: DerivedEpisode, first: number, last: number, q: Question): boolean {
  const turns = episode.turnOfLine.slice(first, last + 1);
  return turns.some((t) => t >= q.turnStart && t <= q.turnEnd);
}

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** n lines spread evenly over the transcript, n growing one by one until their words would pass `words`. */
export function evenlySpaced(lines: string[], words: number): string {
  const pick = (n: number) => Array.from({ length: n }, (_, i) => lines[Math.floor(((i + 0.5) * lines.length) / n)]);
  let best: string[] = [];
  for (let n = 1; n <= lines.length; n += 1) {
    const chosen = pick(n);
    if (wordCount(chosen.join(' ')) > words) break;
    best = chosen;
  }
  return best.join('\n');
}

/** The p-th percentile (nearest rank) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const stripHtml = (text: string) => text.replace(/<[^>]+>/g, ' ');
