/*
 * Every aligned in-game synopsis sentence of the imported episodes asked as a campaign question
 * through GraphQL `ask`, timed one by one, its top-5 citations checked against the aligned turns;
 * and the same sentence against BM25 over 3- and 9-line windows of the same lines (bm25.ts).
 */
import { performance } from 'node:perf_hooks';
import type { App } from '../ai-quality/app';
import { Bm25, tile } from './bm25';
import type { Question } from './derive';
import { alignedLines, alignedSpan, fileTexts, overlaps, windowHolds, type ImportedEpisode, type Span } from './score';

export const TOP = 5;
export const WINDOWS = [3, 9] as const;

export interface Asked {
  episode: string;
  sentence: string;
  turnStart: number;
  turnEnd: number;
  part: string;
  /** The classifier marked every aligned line table talk: Q&A, which reads in-game lines only, cannot land there. */
  allTableTalk: boolean;
  ms: number;
  found: boolean;
  /** What the api answered. */
  answer: string;
  citations: Span[];
  /** A top-5 citation overlaps the aligned turns. */
  hit: boolean;
  /** Whether BM25's top 5 windows of each size hold an aligned turn. */
  bm25: Record<(typeof WINDOWS)[number], boolean>;
  /** The first citation (the answer's lead) overlaps the aligned turns; BM25's first window of 9 lines holds one. */
  first: boolean;
  bm25First: boolean;
}

async function ask(app: App, question: string): Promise<{ text: string; found: boolean; citations: Span[] }> {
  const { ask: answer } = await app.gql<{ ask: { text: string; found: boolean; citations: Span[] } }>(
    'mutation($input: AskInput!) { ask(input: $input) { text found citations { sessionId startMs endMs } } }',
    { input: { campaignId: app.campaignId, question } },
  );
  return answer;
}

/**
 * Asks every question in episode order; a sentence whose aligned turns have no words is left out.
 * `questionsOf`: the synopsis sentences by default, or questions tied to them (natural.ts).
 */
export async function askAll(
  app: App,
  imported: ImportedEpisode[],
  questionsOf: (e: ImportedEpisode) => Question[] = (e) => e.episode.questions,
): Promise<Asked[]> {
  const sessions = imported.map((i) => ({ session: i.episode.id, lines: fileTexts(i) }));
  const engines = WINDOWS.map((size) => {
    const windows = tile(sessions, size);
    return { size, windows, bm25: new Bm25(windows.map((w) => w.text)) };
  });
  await ask(app, 'Who is in the party?'); // warms the api's connections and caches, not counted
  const asked: Asked[] = [];
  for (const episode of imported) {
    for (const q of questionsOf(episode)) {
      const span = alignedSpan(episode, q);
      if (!span) continue;
      const started = performance.now();
      const answer = await ask(app, q.sentence);
      const ms = performance.now() - started;
      const holds = (windows: (typeof engines)[number]['windows'], w: number) =>
        windows[w].session === episode.episode.id &&
        windowHolds(episode.episode, windows[w].firstLine, windows[w].lastLine, q);
      const found = engines.map(({ bm25: engine }) => engine.search(q.sentence, TOP));
      const bm25 = Object.fromEntries(
        engines.map(({ size, windows }, i) => [size, found[i].some((w) => holds(windows, w))]),
      ) as Asked['bm25'];
      const nine = WINDOWS.indexOf(9);
      asked.push({
        episode: episode.episode.id,
        sentence: q.sentence,
        turnStart: q.turnStart,
        turnEnd: q.turnEnd,
        part: q.part,
        allTableTalk: alignedLines(episode, q).every((l) => l.tableTalk),
        ms,
        found: answer.found,
        answer: answer.text,
        citations: answer.citations,
        hit: answer.citations.slice(0, TOP).some((c) => overlaps(c, span)),
        bm25,
        first: answer.citations.length > 0 && overlaps(answer.citations[0], span),
        bm25First: found[nine].length > 0 && holds(engines[nine].windows, found[nine][0]),
      });
    }
  }
  return asked;
}

/** The wiki's recap of earlier episodes quotes the game master's recap nearly word for word. */
const RECAP = /^(previously on critical role|recap)$/i;
export const isRecap = (a: Asked) => RECAP.test(a.part);

export interface Tally {
  n: number;
  hit: number;
  declined: number;
  bm25: Record<(typeof WINDOWS)[number], number>;
}

/** Shares of a set of questions: hits, declined, and the BM25 baselines' hits. */
export function tally(asked: Asked[]): Tally {
  const share = (f: (a: Asked) => boolean) => (asked.length ? asked.filter(f).length / asked.length : 0);
  return {
    n: asked.length,
    hit: share((a) => a.hit),
    declined: share((a) => !a.found),
    bm25: { 3: share((a) => a.bm25[3]), 9: share((a) => a.bm25[9]) },
  };
}

export const describe = (t: Tally) =>
  `${t.n} questions: hit ${t.hit.toFixed(2)}, declined ${t.declined.toFixed(2)}, ` +
  `BM25 3 lines ${t.bm25[3].toFixed(2)}, 9 lines ${t.bm25[9].toFixed(2)}`;
