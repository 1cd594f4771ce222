/*
 * Names in the summaries (names.ts says what a name is): the detailed summary's recall of the
 * synopsis's in-game names against evenly spaced lines of as many words, out-of-game names in any
 * summary, and the campaign index's recall of the in-game names.
 */
import { namesIn, namesOf, words } from './names';
import { evenlySpaced, fileTexts, storyLines, stripHtml, wordCount, type ImportedEpisode } from './score';

export interface Summaries {
  briefSummary: string;
  moderateSummary: string;
  detailedSummary: string;
  summaryVeryShort: string;
}

export interface NameScore {
  /** Names found over names in all episodes' in-game synopsis parts (each episode counted on its own). */
  recall: number;
  baseline: number;
  maxWords: number;
  /** Out-of-game names (see outOfGameNames) a summary of the episode holds. */
  leaks: Array<{ id: string; name: string }>;
  /** The distinct in-game names of all episodes, for the index. */
  inGameNames: string[];
  perEpisode: Array<{
    id: string;
    names: number;
    found: number;
    baseline: number;
    inTranscript: number;
    words: number;
    /** The names that would count as leaks (outOfGameNames). */
    outOfGame: string[];
  }>;
}

/**
 * Names only the out-of-game parts of the synopsis hold, and that the transcript never says in a
 * turn aligned to an in-game sentence; the speakers' own labels ("Matt", "Laura") and the names
 * the cast gives them ("Vax'ildan": a summary names who speaks by it) are not counted.
 */
function outOfGameNames(imported: ImportedEpisode, inGame: Set<string>, cast: string[]): Set<string> {
  const { episode } = imported;
  const speakers = new Set([...episode.speakers, ...cast].flatMap((s) => words(s)));
  const inStory = storyLines(imported);
  const saidInStory = new Set(words(inStory.map((l) => l.text).join(' ')));
  return new Set(
    [...namesOf(episode.synopsis.outOfGame)].filter((n) => !inGame.has(n) && !speakers.has(n) && !saidInStory.has(n)),
  );
}

/** `cast`: the names the voices were given, if any. */
export function scoreNames(imported: ImportedEpisode[], summaries: Summaries[], cast: string[] = []): NameScore {
  const perEpisode: NameScore['perEpisode'] = [];
  const leaks: NameScore['leaks'] = [];
  const all = new Set<string>();
  imported.forEach((episode, i) => {
    const s = summaries[i];
    const inGame = namesOf(episode.episode.synopsis.inGame);
    const outOfGame = outOfGameNames(episode, inGame, cast);
    inGame.forEach((n) => all.add(n));
    const detailed = stripHtml(s.detailedSummary);
    const length = wordCount(detailed);
    const lines = fileTexts(episode);
    perEpisode.push({
      id: episode.episode.id,
      names: inGame.size,
      found: namesIn(inGame, detailed).length,
      baseline: namesIn(inGame, evenlySpaced(lines, length)).length,
      inTranscript: namesIn(inGame, lines.join('\n')).length,
      words: length,
      outOfGame: [...outOfGame],
    });
    const every = stripHtml([s.summaryVeryShort, s.briefSummary, s.moderateSummary, s.detailedSummary].join('\n'));
    for (const name of namesIn(outOfGame, every)) leaks.push({ id: episode.episode.id, name });
  });
  const sum = (f: (e: NameScore['perEpisode'][number]) => number) => perEpisode.reduce((a, e) => a + f(e), 0);
  const names = sum((e) => e.names);
  return {
    recall: names ? sum((e) => e.found) / names : 0,
    baseline: names ? sum((e) => e.baseline) / names : 0,
    maxWords: Math.max(...perEpisode.map((e) => e.words)),
    leaks,
    inGameNames: [...all],
    perEpisode,
  };
}

/** Share of the in-game names that some index entry's name, found name or variant holds as a word. */
export function indexRecall(inGameNames: string[], entryNames: string[]): number {
  return inGameNames.length ? namesIn(inGameNames, entryNames.join('\n')).length / inGameNames.length : 0;
}
