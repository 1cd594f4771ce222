/*
 * Recaps against the wiki's synopsis (issue 46; docs/real-play.md "Recaps as scenes"): ROUGE-1/2/L F1
 * of each length beside evenly spaced lines of as many words and, for the detailed recap, the greedy
 * extractive oracle; provenance (recap sentences sourced where CRD3 aligns a synopsis chunk of at
 * most 30 turns, ± 3); names (precision, recall, distinct names per 100 words); the brief recap's form.
 */
import { namesIn, namesOf } from './names';
import { greedyOracle, rouge, type Rouge } from './rouge';
import { evenlySpaced, fileTexts, wordCount, type ImportedEpisode } from './score';

export interface RecapSession {
  briefSummary: string;
  moderateSummary: string;
  detailedSummary: string;
  recap: { scenes: Array<{ happened: Sourced[]; found: Sourced[] }>; threads: Sourced[] } | null;
}
interface Sourced {
  lineIds: string[];
}

export interface RecapScore {
  id: string;
  words: { brief: number; moderate: number; detailed: number };
  rouge: { brief: Rouge; moderate: Rouge; detailed: Rouge };
  even: { brief: Rouge; moderate: Rouge; detailed: Rouge };
  oracle: Rouge;
  /** Short aligned chunks with a recap sentence sourced within their turns ± 3. */
  coverage: number;
  /** Recap sentences sourced inside such a chunk (± 3), and evenly spaced lines as many. */
  precision: number;
  precisionEven: number;
  names: { precision: number; recall: number; per100: number };
  brief: { sentences: number; quoted: number; person: number; questions: number; fragments: number };
}

const SHORT_CHUNK = 30;
const SLACK = 3;

// A heading, paragraph or list item ends its sentence, as a reader sees it: the labels of the
// detailed recap's lists ("Met:", "Places:") open theirs and are not read as names inside one.
const plain = (html: string) =>
  html
    .replace(/<\/(?:h\d|p|li)>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();

const sentencesOf = (text: string) => text.split(/(?<=[.!?…]["”’)]?)\s+/).filter((s) => s.trim());

export function scoreRecap(imported: ImportedEpisode, session: RecapSession, lineIds: string[]): RecapScore {
  const { episode } = imported;
  const synopsis = episode.synopsis.inGame;
  const file = fileTexts(imported);
  const texts = {
    brief: plain(session.briefSummary),
    moderate: plain(session.moderateSummary),
    detailed: plain(session.detailedSummary),
  };
  const words = {
    brief: wordCount(texts.brief),
    moderate: wordCount(texts.moderate),
    detailed: wordCount(texts.detailed),
  };
  const even = (n: number) => rouge(evenlySpaced(file, n), synopsis);

  const chunks = new Map<number, { start: number; end: number }>();
  for (const q of episode.questions)
    if (q.turnEnd - q.turnStart + 1 <= SHORT_CHUNK) chunks.set(q.chunk, { start: q.turnStart, end: q.turnEnd });
  const inChunk = (turn: number, c: { start: number; end: number }) => turn >= c.start - SLACK && turn <= c.end + SLACK;
  const lineOf = new Map(lineIds.map((id, i) => [id, i]));
  const turnOf = (id: string) => episode.turnOfLine[imported.fileLine[lineOf.get(id) ?? -1]] ?? -1;
  const sourced = (session.recap?.scenes ?? []).flatMap((s) => [...s.happened, ...s.found]);
  const turns = sourced.map((s) => turnOf(s.lineIds[0])).filter((t) => t >= 0);
  const short = [...chunks.values()];
  const coverage = short.length ? short.filter((c) => turns.some((t) => inChunk(t, c))).length / short.length : 0;
  const inside = (t: number) => short.some((c) => inChunk(t, c));
  const precision = turns.length ? turns.filter(inside).length / turns.length : 0;
  const evenTurns = Array.from(
    { length: turns.length },
    (_, i) => episode.turnOfLine[Math.floor(((i + 0.5) * episode.turnOfLine.length) / Math.max(1, turns.length))],
  );
  const precisionEven = evenTurns.length ? evenTurns.filter(inside).length / evenTurns.length : 0;

  const synopsisNames = namesOf(synopsis);
  const recapNames = namesOf(texts.detailed);
  const brief = sentencesOf(texts.brief);
  return {
    id: episode.id,
    words,
    rouge: {
      brief: rouge(texts.brief, synopsis),
      moderate: rouge(texts.moderate, synopsis),
      detailed: rouge(texts.detailed, synopsis),
    },
    even: { brief: even(words.brief), moderate: even(words.moderate), detailed: even(words.detailed) },
    oracle: rouge(greedyOracle(file, synopsis, words.detailed).join(' '), synopsis),
    coverage,
    precision,
    precisionEven,
    names: {
      precision: recapNames.size ? [...recapNames].filter((n) => synopsisNames.has(n)).length / recapNames.size : 0,
      recall: synopsisNames.size ? namesIn(synopsisNames, texts.detailed).length / synopsisNames.size : 0,
      per100: words.detailed ? (100 * recapNames.size) / words.detailed : 0,
    },
    brief: {
      sentences: brief.length,
      quoted: brief.filter((s) => /^[\p{L}' -]+:\s/u.test(s) || /["“”]/.test(s)).length,
      person: brief.filter((s) => /\b(?:I|me|my|we|us|our|you|your)\b/i.test(s)).length,
      questions: brief.filter((s) => /\?/.test(s)).length,
      fragments: brief.filter((s) => wordCount(s) < 4).length,
    },
  };
}
