/*
 * Q&A retrieval latency: one campaign of 100 sessions × 10,000 words of generated tabletop
 * transcript (deterministic, seeded) on the embedded PostgreSQL, indexed by the pipeline's own
 * index stage; then 50 varied campaign questions through QaService.ask (policy, retrieval and the
 * offline answerer), timed one by one. Prints median and p95 with the corpus size, and where the
 * time goes: each retrieval step's time and the database round trips per question (the api's Q&A
 * queries open with a `qa:<step>` comment, which the bench reads off every query pg sends).
 * Run by `npm run bench` (scripts/bench.sh), not by the tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ref } from '@mikro-orm/core';
import pg from 'pg';
import { freePort } from '../api/test/free-port';
import { loadConfig } from '../api/src/config/config';
import { transcriptActivities } from '../api/src/processing/transcript.activities';
import { activityDeps } from '../api/test/activity-deps';
import { connectDatabase } from '../api/src/db/orm';
import { startEmbeddedPostgres } from '../api/src/runtime/embedded-postgres';
import { User } from '../api/src/kernel/entities/user.entity';
import { Campaign } from '../api/src/kernel/entities/campaign.entity';
import { Session } from '../api/src/kernel/entities/session.entity';
import { Connection } from '@temporalio/client';
import { createPlatform } from '../api/src/platform';
import { createServices } from '../api/src/services';

const SESSIONS = 100;
const WORDS_PER_SESSION = 10_000;
const QUESTIONS = 50;

/** mulberry32: a small seeded PRNG, so every run measures the same corpus and questions. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20261122);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];

// Comma-separated to keep the vocabulary compact.
const list = (names: string) => names.split(',');
const V = {
  pc: list('Thorin,Lyra,Aldric,Kess,Borin,Seraphine'),
  npc: list(
    'Gundren Rockseeker,Sildar Hallwinter,Toblen Stonehill,Sister Garaele,Halia Thornton,Daran Edermath,Linene Graywind,Harbin Wester,Qelline Alderleaf,Reidoth the druid,Nundro,Mirna Dendrar,Elmar Barthen,Iarno Albrek,Klarg,Yeemik,Nezznar,Hamun Kost,Agatha,Vyerith,Tharden,Grista,Droop,Pip',
  ),
  place: list(
    'Phandalin,Cragmaw Castle,Wave Echo Cave,Thundertree,Tresendar Manor,Neverwinter,the Triboar Trail,Conyberry,Old Owl Well,Wyvern Tor,the Sword Mountains,the Stonehill Inn,the Shrine of Luck,Leilon,the Neverwinter Wood,the ruined chapel,the goblin cave,the old watchtower,the miners exchange,Icespire Peak',
  ),
  monster: list(
    'goblins,bugbears,orcs,wolves,zombies,stirges,ghouls,hobgoblins,skeletons,wererats,giant spiders,bandits,cultists,kobolds,twig blights,flameskulls',
  ),
  item: list(
    'silver sword,map of the mine,spellbook,healing potion,staff of defense,golden key,old letter,dwarven lantern,ring of protection,dragon scale,crystal shard,ledger,holy symbol,cloak of elvenkind',
  ),
  spell: list('magic missile,sleep,shield,cure wounds,thunderwave,misty step,guiding bolt,hold person'),
  snack: list('nachos,pretzels,chips,cookies,soda,pizza'),
};

const IN_GAME: Array<() => string> = [
  () => `${pick(V.npc)} tells the party that ${pick(V.monster)} were seen near ${pick(V.place)}.`,
  () => `The party follows the road from ${pick(V.place)} to ${pick(V.place)} and meets ${pick(V.npc)} on the way.`,
  () => `${pick(V.pc)} attacks the ${pick(V.monster)} with a longsword and rolls a ${1 + Math.floor(random() * 20)}.`,
  () => `${pick(V.npc)} offers ${10 * (1 + Math.floor(random() * 50))} gold pieces for the ${pick(V.item)}.`,
  () => `In ${pick(V.place)} they find the ${pick(V.item)} hidden behind a loose stone in the wall.`,
  () => `${pick(V.npc)} warns them that ${pick(V.npc)} cannot be trusted with the ${pick(V.item)}.`,
  () => `The ${pick(V.monster)} retreat into ${pick(V.place)} and the party gives chase through the dark.`,
  () => `${pick(V.pc)} casts ${pick(V.spell)} and the ${pick(V.monster)} fall back screaming.`,
  () => `They rest at ${pick(V.place)} while ${pick(V.pc)} keeps the first watch and studies the ${pick(V.item)}.`,
  () => `${pick(V.pc)} asks ${pick(V.npc)} about the ${pick(V.item)}, but the answer is only a nervous smile.`,
];
const TABLE_TALK: Array<() => string> = [
  () => `Can someone pass the ${pick(V.snack)} over here please?`,
  () => `Whose turn is it to bring ${pick(V.snack)} next week?`,
  () => `I have to leave by ${8 + Math.floor(random() * 4)} tonight, my babysitter is waiting.`,
  () => 'My phone is almost dead, does anyone have a charger?',
];

interface Line {
  text: string;
  tableTalk: boolean;
  startMs: number;
  endMs: number;
}

/** About 10,000 words of one game night: one or two sentences a line, one line in ten table talk. */
function gameNight(): { lines: Line[]; words: number } {
  const lines: Line[] = [];
  let words = 0;
  let ms = 0;
  while (words < WORDS_PER_SESSION) {
    const tableTalk = random() < 0.1;
    const make = () => pick(tableTalk ? TABLE_TALK : IN_GAME)();
    const text = random() < 0.5 ? `${make()} ${make()}` : make();
    const count = text.split(/\s+/).length;
    const duration = count * 400;
    lines.push({ text, tableTalk, startMs: ms, endMs: ms + duration });
    ms += duration + 300;
    words += count;
  }
  return { lines, words };
}

type Kind = 'in the transcript' | 'misspelled name' | 'table talk only' | 'absent';

/** Varied questions: facts the corpus holds, misspelled names, table-talk-only and absent topics. */
function questions(): Array<{ kind: Kind; text: string }> {
  const misspell = (name: string) => {
    const word = name.split(' ')[0];
    const i = 1 + Math.floor(random() * (word.length - 2));
    return word.slice(0, i) + word.slice(i + 1);
  };
  const makers: Array<[Kind, () => string]> = [
    ['in the transcript', () => `Where were the ${pick(V.monster)} seen near ${pick(V.place)}?`],
    ['in the transcript', () => `Who offered gold for the ${pick(V.item)}?`],
    ['in the transcript', () => `What did ${pick(V.npc)} say about ${pick(V.npc)}?`],
    ['in the transcript', () => `Where did they find the ${pick(V.item)}?`],
    ['in the transcript', () => `What happened at ${pick(V.place)}?`],
    ['in the transcript', () => `Who cast ${pick(V.spell)} against the ${pick(V.monster)}?`],
    ['misspelled name', () => `What do we know about ${misspell(pick(V.npc))}?`],
    ['table talk only', () => `Who brought the ${pick(V.snack)}?`],
    ['absent', () => 'What did the king of the elves promise at the wedding feast?'],
  ];
  return Array.from({ length: QUESTIONS }, (_, i) => ({
    kind: makers[i % makers.length][0],
    text: makers[i % makers.length][1](),
  }));
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Time and round trips per retrieval step while tracing: every query pg sends, by its `qa:<step>` tag. */
const steps = new Map<string, { ms: number; trips: number }>();
let tracing = false;
function traceQueries(): void {
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const query = pg.Client.prototype.query as unknown as Query;
  (pg.Client.prototype as unknown as { query: Query }).query = function (...args: unknown[]) {
    if (!tracing) return query.apply(this, args);
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? '');
    const step = /^\/\* qa:(\w+) \*\//.exec(text)?.[1] ?? 'other (policy, plan)';
    const start = performance.now();
    const done = () => {
      const tally = steps.get(step) ?? { ms: 0, trips: 0 };
      steps.set(step, { ms: tally.ms + performance.now() - start, trips: tally.trips + 1 });
    };
    // knex passes a callback; other callers await the promise.
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (callback as (...r: unknown[]) => unknown)(...results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args) as Promise<unknown>;
    void result?.then?.(done, done);
    return result;
  };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-bench-qa-'));
  fs.chmodSync(dir, 0o755); // the embedded PostgreSQL runs as its own user when we are root
  const db = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    port: await freePort(),
    database: 'questlog_bench',
  });
  const orm = await connectDatabase(db.url, { quiet: true });
  const raw = new pg.Client({ connectionString: db.url });
  await raw.connect();
  try {
    const em = orm.em.fork();
    const user = em.create(User, {
      email: 'bench@example.com',
      passwordHash: 'not used',
      firstName: 'Bench',
      lastName: 'Mark',
      planId: 'qa_chatbot',
    });
    const campaign = em.create(Campaign, { owner: ref(user), title: 'The Lost Mine, 100 nights' });
    const sessions = Array.from({ length: SESSIONS }, (_, i) =>
      em.create(Session, {
        campaign: ref(campaign),
        title: `Session ${i + 1}`,
        originalFileName: `night-${i + 1}.mp3`,
      }),
    );
    await em.flush();

    console.log(`generating and inserting ${SESSIONS} sessions × ${WORDS_PER_SESSION} words ...`);
    let segments = 0;
    let words = 0;
    let tableTalk = 0;
    const loadStart = performance.now();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url });
    // The pipeline's own index stage fills the search vectors.
    const index = transcriptActivities(activityDeps({ orm, config })).indexTranscript;
    for (const session of sessions) {
      const night = gameNight();
      const summary = night.lines
        .filter((l) => !l.tableTalk)
        .slice(0, 12)
        .map((l) => l.text)
        .join(' ');
      await raw.query(
        `insert into transcript_segments (id, created_at, updated_at, session_id, position, start_ms, end_ms, text, table_talk)
         select gen_random_uuid(), now(), now(), $1, t.position - 1, t.start_ms, t.end_ms, t.text, t.table_talk
         from unnest($2::int[], $3::int[], $4::text[], $5::boolean[]) with ordinality
           as t(start_ms, end_ms, text, table_talk, position)`,
        [
          session.id,
          night.lines.map((l) => l.startMs),
          night.lines.map((l) => l.endMs),
          night.lines.map((l) => l.text),
          night.lines.map((l) => l.tableTalk),
        ],
      );
      await raw.query('update sessions set status = $2, detailed_summary = $3 where id = $1', [
        session.id,
        'READY',
        summary,
      ]);
      await index({ sessionId: session.id });
      segments += night.lines.length;
      words += night.words;
      tableTalk += night.lines.filter((l) => l.tableTalk).length;
    }
    await raw.query('analyze transcript_segments; analyze sessions;');
    console.log(`loaded and indexed in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);

    // Questions start no workflows: a lazy connection that is never used stands in for Temporal.
    const platform = createPlatform(config, Connection.lazy({ address: '127.0.0.1:1' }));
    const viewer = { user, via: 'cookie' as const };
    const ask = (question: string) =>
      createServices(orm.em.fork(), platform).qa.ask(viewer, { campaignId: campaign.id, question });
    await ask('Where did they find the golden key?'); // warm the connection pool and caches once

    traceQueries();
    tracing = true;
    const times: number[] = [];
    const found = new Map<Kind, { asked: number; found: number }>();
    for (const question of questions()) {
      const start = performance.now();
      const answer = await ask(question.text);
      times.push(performance.now() - start);
      const tally = found.get(question.kind) ?? { asked: 0, found: 0 };
      found.set(question.kind, { asked: tally.asked + 1, found: tally.found + (answer.found ? 1 : 0) });
    }
    tracing = false;
    const total = times.reduce((sum, t) => sum + t, 0);
    times.sort((a, b) => a - b);
    console.log(
      `corpus: 1 campaign, ${SESSIONS} sessions, ${segments} segments (${tableTalk} table talk), ${words} words`,
    );
    const tallies = [...found].map(([kind, t]) => `${kind} ${t.found}/${t.asked}`).join(', ');
    console.log(`questions: ${times.length} campaign questions; answered with citations: ${tallies}`);
    console.log(
      `latency (ms): median ${percentile(times, 50).toFixed(1)}, p95 ${percentile(times, 95).toFixed(1)}, ` +
        `min ${times[0].toFixed(1)}, max ${times[times.length - 1].toFixed(1)}`,
    );
    console.log('per question, mean over all questions:');
    let inDatabase = 0;
    let trips = 0;
    for (const [step, tally] of [...steps].sort((a, b) => b[1].ms - a[1].ms)) {
      console.log(
        `  ${step.padEnd(22)} ${(tally.ms / times.length).toFixed(1).padStart(7)} ms  ${(tally.trips / times.length).toFixed(2)} round trips`,
      );
      inDatabase += tally.ms;
      trips += tally.trips;
    }
    console.log(
      `  ${'in Node (not waiting)'.padEnd(22)} ${((total - inDatabase) / times.length).toFixed(1).padStart(7)} ms` +
        `  (of ${(total / times.length).toFixed(1)} ms; ${(trips / times.length).toFixed(2)} round trips in all)`,
    );
    const median = percentile(times, 50);
    const p95 = percentile(times, 95);
    console.log(`RESULT name=qa_retrieval_median_ms value=${median.toFixed(0)}`);
    // Issue 26's goal, kept by issue 48: Q&A p95 <= 150 ms at a million words (docs/qa.md).
    console.log(`RESULT name=qa_retrieval_p95_ms value=${p95.toFixed(0)} goal<=150 ok=${p95 <= 150}`);
  } finally {
    await raw.end();
    await orm.close();
    await db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
