/*
 * "What would this ranking do", in seconds and without the api: Okapi BM25 over windows of the
 * lines a real-play run stored (its dump, `.data/real-play/run-<commit>.json`, with each line's
 * table-talk mark), every aligned synopsis sentence asked, a hit when one of the 5 best windows
 * (none overlapping) holds a line of the aligned turns. The prep is the baseline's (bm25.ts); each
 * line is indexed with its speakers' characters, as Q&A indexes a named cast. Not the product:
 * no decline, no related words, no answerer; on the K = 3 dump of 24c7341 its in-game 5-line
 * ranking finds 334 of 451 where the product's own top 5 windows find 332 (docs/real-play.md).
 *
 *   node -r ./api/test/swc-register.cjs bench/real-play/rank-offline.ts .data/real-play/run-<commit>.json
 *
 * With `--export <file.jsonl>` [episode ids, comma-separated] it writes those episodes' lines (text
 * with the speakers' characters, turn, table-talk mark, terms, speaker label) and questions instead,
 * one episode a line, for embed-rank.py (sentence embeddings beside BM25) and learned-rank.py (a
 * learned combination of lexical features) to rank the same windows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { terms } from './bm25';
import { CASTS } from './cast';
import { DEFAULT_OUT, type DerivedEpisode } from './derive';

interface Line {
  /** As embedded: the speakers' characters, then the stored text. */
  text: string;
  turn: number;
  tableTalk: boolean;
  tokens: string[];
  /** The file's speaker label ("Matt", "Laura and Travis"). */
  label: string;
}

interface Asked {
  sentence: string;
  episode: number;
  turnStart: number;
  turnEnd: number;
  tokens: string[];
}

export interface Ranking {
  /** Lines a window holds; one starts at every line unless `tiled` (then they tile each session). */
  size: number;
  tiled?: boolean;
  k1: number;
  b: number;
  /** Only in-game lines are indexed (as Q&A does today). */
  inGameOnly?: boolean;
  /** Share of an occurrence a table-talk line's word counts for (1: as any other). */
  tableTalkShare?: number;
  /** A window hits only through an in-game line (what a quote of in-game lines could cite). */
  hitInGame?: boolean;
}

/** The baseline's terms; a name's apostrophe splits it, as PostgreSQL's parser does ("Vex'ahlia": vex, ahlia). */
const prep = (text: string): string[] => terms(text.replace(/'/g, ' '));

/** The dump's lines by episode and its questions, tokenized once. */
export function loadDump(file: string, dir = DEFAULT_OUT): { ids: string[]; lines: Line[][]; asked: Asked[] } {
  const dump = JSON.parse(readFileSync(file, 'utf8'));
  const lines = (dump.ids as string[]).map((id, e) => {
    const episode = JSON.parse(readFileSync(path.join(dir, `${id}.json`), 'utf8')) as DerivedEpisode;
    const cast = CASTS[id.slice(0, 2)] ?? {};
    const fileLines = readFileSync(path.join(dir, `${id}.txt`), 'utf8')
      .split('\n')
      .filter((l) => l.trim());
    return (dump.sessions[e].transcriptLines as Array<{ text: string; tableTalk: boolean }>).map((l, i): Line => {
      const at = dump.fileLines[e][i] as number;
      const label = fileLines[at].slice(0, fileLines[at].indexOf(': '));
      const who = label
        .split(/ and |, /)
        .map((voice) => cast[voice] ?? '')
        .join(' ');
      const text = `${who} ${l.text}`.trim();
      return { text, turn: episode.turnOfLine[at], tableTalk: l.tableTalk, tokens: prep(text), label };
    });
  });
  const asked = (dump.asked as Array<{ episode: string; sentence: string; turnStart: number; turnEnd: number }>).map(
    (a): Asked => ({
      sentence: a.sentence,
      episode: dump.ids.indexOf(a.episode),
      turnStart: a.turnStart,
      turnEnd: a.turnEnd,
      tokens: [...new Set(prep(a.sentence))],
    }),
  );
  return { ids: dump.ids as string[], lines, asked };
}

interface Window {
  episode: number;
  start: number;
  end: number;
  tf: Map<string, number>;
  length: number;
}

/** Share of the questions (those `only` keeps) a hit for the ranking. */
export function hitRate(
  data: ReturnType<typeof loadDump>,
  r: Ranking,
  only: (a: Asked) => boolean = () => true,
): number {
  const kept = data.lines.map((lines) => lines.filter((l) => !r.inGameOnly || !l.tableTalk));
  const df = new Map<string, number>();
  let [n, words] = [0, 0];
  for (const lines of kept)
    for (const l of lines) {
      n++;
      words += l.tokens.length;
      for (const t of new Set(l.tokens)) df.set(t, (df.get(t) ?? 0) + 1);
    }
  const average = (words / n) * r.size;
  const idf = (t: string) => Math.log(1 + (n - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));
  const windows: Window[] = [];
  kept.forEach((lines, episode) => {
    for (let start = 0; start < lines.length; start += r.tiled ? r.size : 1) {
      const end = Math.min(lines.length, start + r.size);
      if (!r.tiled && end - start < r.size && start > 0) break;
      const tf = new Map<string, number>();
      let length = 0;
      for (const l of lines.slice(start, end)) {
        length += l.tokens.length;
        for (const t of l.tokens) tf.set(t, (tf.get(t) ?? 0) + (l.tableTalk ? (r.tableTalkShare ?? 1) : 1));
      }
      windows.push({ episode, start, end, tf, length });
    }
  });
  const questions = data.asked.filter(only);
  const hits = questions.filter((q) => {
    const scored = windows
      .map((w) => {
        const norm = r.k1 * (1 - r.b + (r.b * w.length) / average);
        const score = q.tokens.reduce((sum, t) => {
          const f = w.tf.get(t) ?? 0;
          return f ? sum + (idf(t) * f * (r.k1 + 1)) / (f + norm) : sum;
        }, 0);
        return { w, score };
      })
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score);
    const picked: Window[] = [];
    for (const { w } of scored) {
      if (picked.length === 5) break;
      if (!picked.some((p) => p.episode === w.episode && p.start < w.end && w.start < p.end)) picked.push(w);
    }
    return picked.some(
      (w) =>
        w.episode === q.episode &&
        kept[w.episode]
          .slice(w.start, w.end)
          .some((l) => (!r.hitInGame || !l.tableTalk) && l.turn >= q.turnStart && l.turn <= q.turnEnd),
    );
  });
  return hits.length / Math.max(1, questions.length);
}

/** One JSON line per episode `only` keeps: its lines and the questions aligned to it. */
function exportDump(data: ReturnType<typeof loadDump>, file: string, only?: string[]): void {
  const rows = data.ids.flatMap((id, e) =>
    only && !only.includes(id)
      ? []
      : [JSON.stringify({ id, lines: data.lines[e], questions: data.asked.filter((a) => a.episode === e) })],
  );
  writeFileSync(file, `${rows.join('\n')}\n`);
}

if (require.main === module && process.argv[3] === '--export') {
  exportDump(loadDump(process.argv[2]), process.argv[4], process.argv[5]?.split(','));
} else if (require.main === module) {
  const data = loadDump(process.argv[2]);
  const rankings: Array<[string, Ranking]> = [
    ['every line, 9 tiled (the baseline, with the cast)', { size: 9, tiled: true, k1: 1.2, b: 0.75 }],
    ['in game, 5 at every line (Q&A today)', { size: 5, k1: 1.2, b: 0.75, inGameOnly: true }],
    ['in game, 5, b 0.3', { size: 5, k1: 1.2, b: 0.3, inGameOnly: true }],
    ['in game, 9', { size: 9, k1: 1.2, b: 0.75, inGameOnly: true }],
    ['in game, 9, b 0.3', { size: 9, k1: 1.2, b: 0.3, inGameOnly: true }],
    ['table talk as context (0.5), 9, b 0.3', { size: 9, k1: 1.2, b: 0.3, tableTalkShare: 0.5, hitInGame: true }],
  ];
  for (const [name, r] of rankings) console.log(`${hitRate(data, r).toFixed(3)}  ${name}`);
}
