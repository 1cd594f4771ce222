/*
 * Fits the recap's sentence salience (api/src/engines/summaries/salience.ts): a logistic regression
 * over every candidate sentence of derived CRD3 TRAIN episodes, labelled 1 where the candidate's line
 * lies in a synopsis chunk of at most 30 turns (± 3) — what recaps.ts counts as provenance. Fits on
 * FIT, reports AUC and log loss there and on HELD (other train episodes), prints the weights table,
 * then scores the offline recap on HELD as the bench does (scoreRecap). LABEL=words (a quarter of
 * the sentence's word pairs in the synopsis), both or either try other positives; SCORE_ONLY=1 skips the fit.
 *   node -r ./api/test/swc-register.cjs bench/real-play/recap-salience.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { salienceCandidates } from '../../api/src/engines/summaries/recap-builder';
import { ExtractiveSummarizer } from '../../api/src/engines/summaries/extractive-summarizer';
import {
  SALIENCE_FEATURES,
  SALIENCE_WEIGHTS,
  salience,
  salienceFeatures,
} from '../../api/src/engines/summaries/salience';
import type { SummaryInput } from '../../api/src/engines/summaries/summarizer';
import { LexicalTableTalkClassifier } from '../../api/src/engines/table-talk/lexical-classifier';
import { CASTS } from './cast';
import type { DerivedEpisode } from './derive';
import { scoreRecap } from './recaps';
import { rougeTokens } from './rouge';

const DIR = path.join(__dirname, '../../.data/real-play');
const list = (v: string | undefined, d: string) => (v ?? d).split(',').filter(Boolean);
const FIT = list(process.env.FIT, 'C1E004,C1E005,C1E006,C1E007,C1E008,C1E085,C1E086,C1E087,C2E008,C2E009,C2E010');
const HELD = list(process.env.HELD, 'C1E001,C1E002,C1E003');
const L2 = 0.01;
/** What a positive is: aligned where, retold in the synopsis's words, both, or either. */
const LABEL = process.env.LABEL ?? 'aligned';
const SHORT_CHUNK = 30;
const SLACK = 3;
const WORDS_PER_MINUTE = 150;

interface Episode {
  id: string;
  episode: DerivedEpisode;
  raw: string[];
  tableTalk: boolean[];
  inGame: SummaryInput[];
  cast: string[];
}

/** An episode's lines as the pipeline marks them: table talk out, players named by the cast. */
async function load(id: string, classifier: LexicalTableTalkClassifier): Promise<Episode> {
  const episode = JSON.parse(fs.readFileSync(`${DIR}/${id}.json`, 'utf8')) as DerivedEpisode;
  const raw = fs.readFileSync(`${DIR}/${id}.txt`, 'utf8').split('\n').filter(Boolean);
  const cast = CASTS[id.slice(0, 2)];
  let t = 0;
  const lines = raw.map((l, i) => {
    const [, label, text] = /^([^:]+):\s*(.*)$/.exec(l) ?? [l, '', l];
    const startMs = t;
    t += (text.split(/\s+/).length / WORDS_PER_MINUTE) * 60000;
    return { id: `L${i}`, label, text, startMs, endMs: t };
  });
  const speakers = lines.map((l) => (l.label === 'Matt' ? 'gm' : 'player'));
  const labels = await classifier.classify(
    lines.map((l) => l.text),
    { speakers } as never,
  );
  const inGame = lines
    .filter((_, i) => !labels[i].tableTalk)
    .map((l) => ({
      id: l.id,
      text: l.text,
      startMs: l.startMs,
      endMs: l.endMs,
      ...(l.label !== 'Matt' && { speaker: cast[l.label] ?? l.label }),
      ...(cast[l.label] && { alsoKnownAs: [l.label] }),
    }));
  const voices = [...new Set(inGame.flatMap((l) => (l.speaker ? [l.speaker] : [])))];
  return { id, episode, raw, tableTalk: labels.map((l) => l.tableTalk), inGame, cast: voices };
}

/** Whether a file line lies in a short aligned chunk, ± 3 turns, as recaps.ts counts it. */
function aligned(episode: DerivedEpisode): (fileLine: number) => boolean {
  const chunks = episode.questions.filter((q) => q.turnEnd - q.turnStart + 1 <= SHORT_CHUNK);
  return (fileLine) => {
    const turn = episode.turnOfLine[fileLine];
    return chunks.some((c) => turn >= c.turnStart - SLACK && turn <= c.turnEnd + SLACK);
  };
}

/** Whether a sentence says a quarter of its word pairs (two at least) as the synopsis does. */
function retold(synopsis: string): (text: string) => boolean {
  const pairs = (t: string[]) => t.slice(1).map((w, i) => `${t[i]} ${w}`);
  const said = new Set(pairs(rougeTokens(synopsis)));
  return (text) => {
    const own = pairs(rougeTokens(text));
    const shared = own.filter((p) => said.has(p)).length;
    return shared >= 2 && shared >= own.length / 4;
  };
}

function examples(e: Episode) {
  const inside = aligned(e.episode);
  const overlaps = retold(e.episode.synopsis.inGame);
  return salienceCandidates(e.inGame, { cast: e.cast, vocabulary: [] }).map((c) => {
    const where = inside(Number(e.inGame[c.line].id!.slice(1)));
    const words = overlaps(c.input.text);
    const y =
      LABEL === 'aligned' ? where : LABEL === 'words' ? words : LABEL === 'both' ? where && words : where || words;
    return { input: c.input, x: salienceFeatures(c.input), y: y ? 1 : 0 };
  });
}

/** Batch gradient descent on standardised features, weights folded back to raw ones. */
function fit(xs: number[][], ys: number[]): number[] {
  const d = xs[0].length;
  const mean = Array.from({ length: d }, (_, j) => xs.reduce((s, x) => s + x[j], 0) / xs.length);
  const sd = mean.map((m, j) => Math.sqrt(xs.reduce((s, x) => s + (x[j] - m) ** 2, 0) / xs.length) || 1);
  const zs = xs.map((x) => x.map((v, j) => (v - mean[j]) / sd[j]));
  const w = new Array(d + 1).fill(0);
  for (let step = 0; step < 3000; step++) {
    const grad = new Array(d + 1).fill(0);
    zs.forEach((z, n) => {
      const p = 1 / (1 + Math.exp(-z.reduce((s, v, j) => s + v * w[j + 1], w[0])));
      grad[0] += p - ys[n];
      z.forEach((v, j) => (grad[j + 1] += (p - ys[n]) * v));
    });
    for (let j = 0; j <= d; j++) w[j] -= 0.5 * (grad[j] / zs.length + (j ? L2 * w[j] : 0));
  }
  const raw = w.slice(1).map((v, j) => v / sd[j]);
  return [w[0] - raw.reduce((s, v, j) => s + v * mean[j], 0), ...raw];
}

function report(name: string, data: ReturnType<typeof examples>, weights: readonly number[]) {
  const scored = data.map((e) => ({ p: salience(e.input, weights), y: e.y }));
  const pos = scored.filter((s) => s.y).map((s) => s.p);
  const neg = scored.filter((s) => !s.y).map((s) => s.p);
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  const loss = -scored.reduce((s, e) => s + Math.log(e.y ? e.p : 1 - e.p), 0) / scored.length;
  const top = [...scored].sort((a, b) => b.p - a.p).slice(0, Math.ceil(scored.length / 10));
  console.log(
    `${name}: ${scored.length} candidates, ${(pos.length / scored.length).toFixed(2)} aligned; ` +
      `AUC ${(wins / (pos.length * neg.length)).toFixed(3)}, log loss ${loss.toFixed(3)}, ` +
      `aligned among the top tenth ${(top.filter((t) => t.y).length / top.length).toFixed(2)}`,
  );
}

(async () => {
  const classifier = new LexicalTableTalkClassifier();
  const fitting = await Promise.all(FIT.map((id) => load(id, classifier)));
  const held = await Promise.all(HELD.map((id) => load(id, classifier)));
  const fitData = fitting.flatMap(examples);
  const heldData = held.flatMap(examples);
  if (!process.env.SCORE_ONLY) {
    const weights = fit(
      fitData.map((e) => e.x),
      fitData.map((e) => e.y),
    );
    report('fit (shipped weights)', fitData, SALIENCE_WEIGHTS);
    report('held (shipped weights)', heldData, SALIENCE_WEIGHTS);
    report(`fit (${FIT.join(',')})`, fitData, weights);
    report(`held (${HELD.join(',')})`, heldData, weights);
    console.log('weights (bias, ' + SALIENCE_FEATURES.join(', ') + '):');
    console.log(JSON.stringify(weights.map((w) => Number(w.toFixed(3)))));
  }
  for (const e of held) {
    const s = await new ExtractiveSummarizer().summarize(e.inGame, { context: { cast: e.cast, vocabulary: [] } });
    const imported = {
      episode: e.episode,
      sessionId: e.id,
      lines: e.raw.map((l, i) => ({
        startMs: i,
        endMs: i,
        text: l.slice(l.indexOf(': ') + 2),
        tableTalk: e.tableTalk[i],
      })),
      fileLine: e.raw.map((_, i) => i),
    };
    const session = { briefSummary: s.brief, moderateSummary: s.moderate, detailedSummary: s.detailed, recap: s.recap };
    const r = scoreRecap(
      imported,
      session,
      e.raw.map((_, i) => `L${i}`),
    );
    console.log(
      `${e.id} R2 ${r.rouge.detailed.r2.toFixed(3)} / oracle ${r.oracle.r2.toFixed(3)} = ${(r.rouge.detailed.r2 / r.oracle.r2).toFixed(2)}` +
        ` | coverage ${r.coverage.toFixed(2)} precision ${r.precision.toFixed(2)} (even ${r.precisionEven.toFixed(2)})` +
        ` | names P ${r.names.precision.toFixed(2)} R ${r.names.recall.toFixed(2)} per100 ${r.names.per100.toFixed(1)} | words ${r.words.detailed}`,
    );
  }
})();
