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

/** An imported episode: its session, its lines as the api stores them, and the file line of each. */
export interface ImportedEpisode {
  episode: DerivedEpisode;
  sessionId: string;
  lines: TimedLine[];
  /** The file line (an index into `episode.turnOfLine`) each stored line came from. */
  fileLine: number[];
}

/**
 * The file line each stored line came from: the api stores a file line whole, or cut into parts in
 * order whose words make it up (a long turn that opens with an aside, mixed-lines.ts). `fileLines`:
 * the file's lines as written, `Speaker: text` (a label the import does not read as a name stays in
 * the text: "All - Travis - Orion - Liam - Ahsley - Matt: Ulara.").
 */
export function fileLineOf(fileLines: string[], stored: TimedLine[]): number[] {
  const counts = fileLines.map((l) => [wordCount(l.slice(l.indexOf(': ') + 2)), wordCount(l)]);
  const of: number[] = [];
  let [line, words] = [0, 0];
  for (const s of stored) {
    if (line === counts.length) break;
    of.push(line);
    words += wordCount(s.text);
    if (counts[line].includes(words)) [line, words] = [line + 1, 0];
    else if (words > Math.max(...counts[line])) break;
  }
  if (line !== counts.length || of.length !== stored.length)
    throw new Error(`the ${stored.length} stored lines do not make up the file's ${counts.length}`);
  return of;
}

/** The file's lines as stored, a cut one joined again: what the baselines read. */
export function fileTexts(imported: ImportedEpisode): string[] {
  const texts: string[] = [];
  imported.lines.forEach((l, i) => {
    const at = imported.fileLine[i];
    texts[at] = texts[at] === undefined ? l.text : `${texts[at]} ${l.text}`;
  });
  return texts;
}

const turnOf = (imported: ImportedEpisode, i: number) => imported.episode.turnOfLine[imported.fileLine[i]];

export interface Span {
  sessionId: string;
  startMs: number;
  endMs: number;
}

/** The stored lines of the aligned turns. */
export function alignedLines(imported: ImportedEpisode, q: Question): TimedLine[] {
  return imported.lines.filter((_, i) => {
    const turn = turnOf(imported, i);
    return turn >= q.turnStart && turn <= q.turnEnd;
  });
}

/** The lines of turns aligned to some in-game synopsis sentence: the story, by CRD3's alignment. */
export function storyLines(imported: ImportedEpisode): TimedLine[] {
  return imported.lines.filter((_, i) => {
    const turn = turnOf(imported, i);
    return imported.episode.questions.some((q) => turn >= q.turnStart && turn <= q.turnEnd);
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

/** A baseline window of file lines [first, last] holds a turn of the aligned range. */
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
