/*
 * Real questions (issue 48): FriendsQA's dev split (docs/real-questions.md) — human-written
 * questions about TV dialogue, a stand-in for the talk at a table. Each scene is imported as a
 * plain-text transcript ("Speaker: utterance" lines) through POST /api/import_transcript/ into one
 * campaign of the real api (its own process, bench/ai-quality/app.ts), and every question is asked
 * at campaign scope through GraphQL `ask`. A hit: a top-5 citation shares time with an answer
 * utterance or the line either side of it. Beside it, plain BM25 over 3-line windows of the same
 * lines (bench/real-play/bm25.ts), its top 5 windows of the whole campaign.
 * The test split is held out for evaluation: this bench reads the dev file only.
 * `npm run bench -- real-questions`; REAL_QUESTIONS_SCENES=N (default all 136),
 * REAL_QUESTIONS_FRIENDSQA=<FriendsQA git dir>.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { App } from './ai-quality/app';
import { Bm25, checkBm25, tile } from './real-play/bm25';
import { fileLineOf, overlaps, percentile, type Span, type TimedLine } from './real-play/score';
import { runBench } from './lib/run-bench';

const FRIENDSQA = process.env.REAL_QUESTIONS_FRIENDSQA ?? '/work/.mirror/emorynlp+FriendsQA/repo';
const SCENES = Number(process.env.REAL_QUESTIONS_SCENES ?? 0);
const OUT = path.resolve(__dirname, '../.data/real-questions');
const TOP = 5;
const GOAL = 0.7;
/** Imports running at once: each is a workflow of its own, and the machine's cores are shared. */
const PARALLEL = 3;

interface FqaScene {
  title: string;
  paragraphs: Array<{
    'utterances:': Array<{ uid: number; speakers: string[]; utterance: string }>;
    qas: Array<{ id: string; question: string; answers: Array<{ utterance_id: number }> }>;
  }>;
}

interface Scene {
  id: string;
  /** The transcript's lines, and the FriendsQA utterance each came from. */
  lines: string[];
  uidOfLine: number[];
  questions: Array<{ id: string; question: string; uids: number[] }>;
}

/** FriendsQA's tokens joined as written text ("do n't" → "don't", "gon na" → "gonna", no space before ","). */
export function detokenize(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/ (n't|'s|'re|'m|'ll|'ve|'d)\b/gi, '$1')
    .replace(/\b(gon|wan) na\b/gi, '$1na')
    .replace(/ ([.,!?;:%)…])/g, '$1')
    .replace(/([($]) /g, '$1')
    .trim();
}

/** The dev split's scenes, each as a transcript a group would import. */
function loadScenes(gitDir: string): Scene[] {
  const json = execFileSync('git', ['-C', gitDir, 'show', 'HEAD:dat/friendsqa_dev.json'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const data = (JSON.parse(json) as { data: FqaScene[] }).data;
  return data.map((scene) => {
    const lines: string[] = [];
    const uidOfLine: number[] = [];
    const questions: Scene['questions'] = [];
    for (const p of scene.paragraphs) {
      for (const u of p['utterances:']) {
        const said = detokenize(u.utterance);
        // A stage note ("#NOTE#") is no voice: the line is written without a label.
        const speakers = u.speakers.filter((s) => !s.startsWith('#'));
        if (!said) continue;
        const label = speakers.length > 2 ? 'All' : speakers.join(' and ');
        lines.push(label ? `${label}: ${said}` : said);
        uidOfLine.push(u.uid);
      }
      for (const q of p.qas)
        // Asked as a person types it: FriendsQA's tokens ("could n't", "Pete 's", "`` Really ? ``") joined as the lines are.
        questions.push({
          id: q.id,
          question: detokenize(q.question.replace(/``|''/g, '"')),
          uids: q.answers.map((a) => a.utterance_id),
        });
    }
    return { id: scene.title, lines, uidOfLine, questions };
  });
}

interface Imported {
  scene: Scene;
  sessionId: string;
  stored: Array<TimedLine & { fileLine: number }>;
}

async function importScene(app: App, scene: Scene): Promise<Imported> {
  const form = new FormData();
  form.append('campaign_id', app.campaignId);
  form.append('title', scene.id);
  form.append('file', new Blob([`${scene.lines.join('\n')}\n`], { type: 'text/plain' }), `${scene.id}.txt`);
  const res = await app.client.request<{ transcript_id?: string }>('POST', '/api/import_transcript/', { body: form });
  if (res.status !== 200 || !res.body.transcript_id)
    throw new Error(`import: ${res.status} ${JSON.stringify(res.body)}`);
  const sessionId = res.body.transcript_id;
  await app.waitUntilDone(sessionId, 30 * 60_000);
  const { session } = await app.gql<{
    session: { status: string; failureReason: string | null; transcriptLines: TimedLine[] };
  }>('query($id: ID!) { session(id: $id) { status failureReason transcriptLines { startMs endMs text tableTalk } } }', {
    id: sessionId,
  });
  if (session.status !== 'READY') throw new Error(`${scene.id} ended ${session.status}: ${session.failureReason}`);
  const of = fileLineOf(scene.lines, session.transcriptLines);
  return { scene, sessionId, stored: session.transcriptLines.map((l, i) => ({ ...l, fileLine: of[i] })) };
}

/** The file lines that answer: each answer utterance's line and the line either side. */
function answerLines(scene: Scene, uids: number[]): Set<number> {
  const lines = new Set<number>();
  for (const uid of uids) {
    const at = scene.uidOfLine.indexOf(uid);
    if (at >= 0) for (const l of [at - 1, at, at + 1]) if (l >= 0 && l < scene.lines.length) lines.add(l);
  }
  return lines;
}

interface Asked {
  scene: string;
  question: string;
  found: boolean;
  hit: boolean;
  first: boolean;
  bm25: boolean;
  /** Every answer line is marked table talk. */
  allTableTalk: boolean;
  ms: number;
  answer: string;
}

async function askAll(app: App, imported: Imported[]): Promise<Asked[]> {
  // The lines as stored, a file line cut in parts joined again (what real-play's baselines read).
  const texts = imported.map((i) => {
    const lines: string[] = [];
    for (const l of i.stored)
      lines[l.fileLine] = lines[l.fileLine] === undefined ? l.text : `${lines[l.fileLine]} ${l.text}`;
    return { session: i.scene.id, lines };
  });
  const windows = tile(texts, 3);
  const engine = new Bm25(windows.map((w) => w.text));
  await app.ask('Who is there?'); // warms the api's connections and caches, not counted
  const asked: Asked[] = [];
  for (const i of imported) {
    for (const q of i.scene.questions) {
      const lines = answerLines(i.scene, q.uids);
      if (!lines.size) continue;
      const spans: Span[] = i.stored
        .filter((l) => lines.has(l.fileLine))
        .map((l) => ({ sessionId: i.sessionId, startMs: l.startMs, endMs: l.endMs }));
      const started = performance.now();
      const { ask } = await app.gql<{
        ask: { text: string; found: boolean; citations: Span[] };
      }>('mutation($input: AskInput!) { ask(input: $input) { text found citations { sessionId startMs endMs } } }', {
        input: { campaignId: app.campaignId, question: q.question },
      });
      const ms = performance.now() - started;
      const cited = (c: Span) => spans.some((s) => overlaps(c, s));
      const bm25 = engine
        .search(q.question, TOP)
        .some(
          (w) =>
            windows[w].session === i.scene.id &&
            [...lines].some((l) => l >= windows[w].firstLine && l <= windows[w].lastLine),
        );
      const answerUids = new Set(q.uids);
      const own = i.stored.filter((l) => answerUids.has(i.scene.uidOfLine[l.fileLine]));
      asked.push({
        scene: i.scene.id,
        question: q.question,
        found: ask.found,
        hit: ask.citations.slice(0, TOP).some(cited),
        first: ask.citations.length > 0 && cited(ask.citations[0]),
        bm25,
        allTableTalk: own.length > 0 && own.every((l) => l.tableTalk),
        ms,
        answer: ask.text,
      });
    }
  }
  return asked;
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

const f2 = (x: number) => x.toFixed(2);
const share = (asked: Asked[], f: (a: Asked) => boolean) => (asked.length ? asked.filter(f).length / asked.length : 0);

function result(name: string, value: string | number, goal?: string, ok?: boolean): void {
  console.log(`RESULT name=${name} value=${value}${goal ? ` goal${goal} ok=${ok}` : ''}`);
}

async function main(): Promise<void> {
  if (!fs.existsSync(FRIENDSQA)) {
    console.log(
      `SKIPPED: no FriendsQA snapshot at ${FRIENDSQA} (fetch github:emorynlp/FriendsQA, or set REAL_QUESTIONS_FRIENDSQA)`,
    );
    return;
  }
  if (!Number.isInteger(SCENES) || SCENES < 0)
    throw new Error(`REAL_QUESTIONS_SCENES must be a whole number, not ${SCENES}`);
  checkBm25();
  const all = loadScenes(FRIENDSQA);
  const scenes = SCENES ? all.slice(0, SCENES) : all;
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const questions = scenes.reduce((n, s) => n + s.questions.length, 0);
  console.log(
    `real questions: ${scenes.length} FriendsQA dev scenes, ${questions} questions, at ${commit}, ${os.cpus().length} cores`,
  );
  await App.run('real-questions', {}, async (app) => {
    const started = performance.now();
    const imported = await inBatches(scenes, PARALLEL, (s) => importScene(app, s));
    const marked = imported.flatMap((i) => i.stored).filter((l) => l.tableTalk).length;
    const lines = imported.reduce((n, i) => n + i.stored.length, 0);
    console.log(
      `  imported in ${((performance.now() - started) / 1000).toFixed(0)} s; lines marked table talk ${marked}/${lines}`,
    );
    const asked = await askAll(app, imported);
    fs.mkdirSync(OUT, { recursive: true });
    const dump = path.join(OUT, `run-${commit}.json`);
    fs.writeFileSync(dump, JSON.stringify(asked, null, 1));
    console.log(`  every question and answer: ${dump}`);
    const hit = share(asked, (a) => a.hit);
    const bm25 = share(asked, (a) => a.bm25);
    const onTableTalk = asked.filter((a) => a.allTableTalk);
    const elsewhere = asked.filter((a) => !a.allTableTalk);
    console.log(
      `  answer only on table-talk lines: ${onTableTalk.length}, hit ${f2(share(onTableTalk, (a) => a.hit))}; ` +
        `the rest ${elsewhere.length}, hit ${f2(share(elsewhere, (a) => a.hit))}`,
    );
    result('real_questions_asked', asked.length);
    result('real_questions_citation_hit', f2(hit), `>=${GOAL},>bm25_3`, hit >= GOAL && hit > bm25);
    result('real_questions_citation_hit_bm25_3', f2(bm25));
    result('real_questions_first_citation_hit', f2(share(asked, (a) => a.first)));
    result('real_questions_declined', f2(share(asked, (a) => !a.found)));
    result('real_questions_table_talk_lines', f2(marked / Math.max(1, lines)));
    const times = asked.map((a) => a.ms);
    result('real_questions_qa_p50_ms', percentile(times, 50).toFixed(0));
    result('real_questions_qa_p95_ms', percentile(times, 95).toFixed(0));
  });
}

if (require.main === module) runBench(main);
