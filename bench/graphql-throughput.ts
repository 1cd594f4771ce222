/*
 * GraphQL throughput against a bare node:http handler serving the same data. One user with 10
 * campaigns × 10 READY sessions (summaries filled in, a 200 KB transcript each that the list must
 * not read); the web app's list query
 *   { campaigns { id title sessions { id title status summaryVeryShort briefSummary durationSeconds } } }
 * is sent by autocannon (10 connections, 10 s) to
 *   - the real api (`api/src/main.ts`, its own process, NODE_ENV=production), signed in by cookie;
 *   - a bare node:http server, also its own process (graphql-throughput/bare-server.ts), that
 *     answers the same JSON from the same PostgreSQL with pg: the same sign-in lookup the api does
 *     (login session joined to its user, one query), the campaigns, then their sessions in one query
 *     (three round trips, as the api's dataloader makes), a pool of 10 connections like the api's.
 * Both answers are checked equal before any load. Runs alternate api, bare, api, bare… and the best
 * run of each counts (the machine is shared and noisy; the best is the least disturbed). A third
 * side, for information only, is the bare handler reading every sessions column the ORM reads
 * (full summaries, not the lazy transcript): how much of the gap is row width alone.
 * Each run also prints the serving process's CPU time per request (/proc, user + system): on a
 * shared machine req/s swings with the neighbours' load, CPU per request much less.
 * GRAPHQL_BENCH_PROFILE=<dir> writes a V8 CPU profile of the api (node --cpu-prof) to that folder.
 * Run by `npm run bench -- graphql-throughput` (scripts/bench.sh), not by the tests.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { ref } from '@mikro-orm/core';
import { registration } from '../api/test/accounts';
import { freePort } from '../api/test/free-port';
import { HttpClient } from '../api/test/http-client';
import { connectDatabase } from '../api/src/db/orm';
import { User } from '../api/src/kernel/entities/user.entity';
import { Campaign } from '../api/src/kernel/entities/campaign.entity';
import { Session, SessionStatus } from '../api/src/kernel/entities/session.entity';
import { load, post, type Run } from './graphql-throughput/load';

const CAMPAIGNS = 10;
const SESSIONS_PER_CAMPAIGN = 10;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.GRAPHQL_BENCH_SECONDS ?? 10);
/** Runs of each side, alternating. */
const ROUNDS = Number(process.env.GRAPHQL_BENCH_ROUNDS ?? 3);
const GOAL = 0.35;

const QUERY = '{ campaigns { id title sessions { id title status summaryVeryShort briefSummary durationSeconds } } }';
const LOGIN_COOKIE = 'questlog_session';

const words = (n: number, seed: string) =>
  Array.from({ length: n }, (_, i) => ['the', 'party', seed, 'goblin', 'cave', 'gold', 'dragon', 'road'][i % 8]).join(
    ' ',
  );

async function seed(databaseUrl: string, email: string): Promise<void> {
  const orm = await connectDatabase(databaseUrl, { quiet: true });
  try {
    const em = orm.em.fork();
    const user = await em.findOneOrFail(User, { email });
    const transcript = words(35_000, 'transcript'); // about 200 KB: must never be read by the list
    for (let c = 0; c < CAMPAIGNS; c++) {
      const campaign = em.create(Campaign, { owner: ref(user), title: `Campaign ${c + 1}` });
      for (let s = 0; s < SESSIONS_PER_CAMPAIGN; s++) {
        em.create(Session, {
          campaign: ref(campaign),
          title: `Session ${s + 1}: night ${c * SESSIONS_PER_CAMPAIGN + s + 1}`,
          originalFileName: `session-${s + 1}.mp3`,
          status: SessionStatus.READY,
          mimeType: 'audio/mpeg',
          durationSeconds: 3600 * 4,
          sizeBytes: 230_000_000,
          summaryVeryShort: `The party reached the cave (${c}/${s})`,
          briefSummary: `<p>${words(60, 'brief')}</p>`,
          moderateSummary: words(250, 'moderate'),
          detailedSummary: words(900, 'detailed'),
          fullTranscript: transcript,
        });
      }
      await em.flush();
    }
  } finally {
    await orm.close();
  }
}

/** The api as api/test/entry-process.ts starts it, with node flags in front (--cpu-prof is refused in NODE_OPTIONS). */
function spawnApi(env: Record<string, string>, nodeFlags: string[]) {
  const child = spawn(process.execPath, [...nodeFlags, '-r', './api/test/swc-register.cjs', 'api/src/main.ts'], {
    cwd: path.resolve(__dirname, '..'),
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output) && child.exitCode === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    return pattern.test(output);
  };
  return { child, exited, waitFor, output: () => output };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-bench-graphql-'));
  fs.chmodSync(dir, 0o755); // the embedded PostgreSQL runs as its own user when we are root
  const pgPort = await freePort();
  const apiPort = await freePort();
  const barePort = await freePort();
  const databaseUrl = `postgresql://questlog:questlog-embedded@127.0.0.1:${pgPort}/questlog`;
  const profile = process.env.GRAPHQL_BENCH_PROFILE;
  const api = spawnApi(
    {
      NODE_ENV: 'production',
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      DATA_DIR: path.join(dir, 'data'),
      EMBEDDED_PG_PORT: String(pgPort),
      TEMPORAL_EMBEDDED_PORT: String(await freePort()),
      TEMPORAL_UI_PORT: String(await freePort()),
      SPEECH_EMBEDDED_PORT: String(await freePort()),
      MAILPIT_SMTP_PORT: String(await freePort()),
      MAILPIT_UI_PORT: String(await freePort()),
      RUN_WORKER: 'false',
      WEB_DIST: '',
    },
    profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : [],
  );
  let bare: ReturnType<typeof spawn> | undefined;
  try {
    if (!(await api.waitFor(/Questlog is running/, 180_000))) throw new Error(`api did not start:\n${api.output()}`);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const client = new HttpClient(apiUrl);
    const account = registration();
    const reg = await client.post('/register/', account);
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
    const token = client.cookies.get(LOGIN_COOKIE);
    if (!token) throw new Error('no session cookie after registration');
    const cookie = `${LOGIN_COOKIE}=${token}`;
    await seed(databaseUrl, account.email);

    bare = spawn(
      process.execPath,
      ['-r', './api/test/swc-register.cjs', path.join(__dirname, 'graphql-throughput/bare-server.ts')],
      {
        cwd: path.resolve(__dirname, '..'),
        env: { PATH: process.env.PATH, GRAPHQL_BENCH_BARE: databaseUrl, GRAPHQL_BENCH_BARE_PORT: String(barePort) },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      bare!.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
      bare!.once('exit', (code) => reject(new Error(`bare server exited: ${code}`)));
    });
    const graphqlUrl = `${apiUrl}/graphql`;
    const bareUrl = `http://127.0.0.1:${barePort}/`;
    // Information, not the goal: the bare handler reading every column the ORM reads for a list
    // (summaries in full; not the lazy transcript), to show what the row width costs by itself.
    const bareAllUrl = `http://127.0.0.1:${barePort}/all-columns`;

    // Same data from both, or the comparison means nothing.
    const fromApi = await post(graphqlUrl, cookie, QUERY);
    const fromBare = await post(bareUrl, cookie, QUERY);
    const fromBareAll = await post(bareAllUrl, cookie, QUERY);
    if (
      JSON.stringify(fromApi) !== JSON.stringify(fromBare) ||
      JSON.stringify(fromBare) !== JSON.stringify(fromBareAll)
    ) {
      throw new Error(
        `answers differ:\n${JSON.stringify(fromApi).slice(0, 500)}\n${JSON.stringify(fromBare).slice(0, 500)}`,
      );
    }
    const bytes = JSON.stringify(fromApi).length;
    console.log(
      `${CAMPAIGNS} campaigns × ${SESSIONS_PER_CAMPAIGN} sessions, answer ${bytes} bytes; ` +
        `${CONNECTIONS} connections, ${SECONDS} s a run, ${ROUNDS} rounds of graphql, bare, bare_all_columns`,
    );

    // Warm each (JIT, connection pools) before anything counts.
    for (const url of [graphqlUrl, bareUrl, bareAllUrl]) {
      await autocannon({
        url,
        method: 'POST',
        connections: CONNECTIONS,
        duration: 3,
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ query: QUERY }),
      });
    }

    const runs: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [side, url] of [
        ['graphql', graphqlUrl],
        ['bare', bareUrl],
        ['bare_all_columns', bareAllUrl],
      ] as const) {
        const run = await load(side, url, cookie, side === 'graphql' ? api.child.pid! : bare!.pid!, {
          query: QUERY,
          connections: CONNECTIONS,
          seconds: SECONDS,
        });
        runs.push(run);
        console.log(
          `round ${round + 1} ${side.padEnd(16)} ${run.rps.toFixed(0).padStart(6)} req/s  ` +
            `cpu ${run.cpuMs.toFixed(2)} ms/req  ` +
            `p50 ${run.p50} ms  p99 ${run.p99} ms  non-2xx ${run.non2xx}  errors ${run.errors}`,
        );
      }
    }
    const bad = runs.reduce((n, r) => n + r.non2xx + r.errors, 0);
    const best = (side: Run['side']) => Math.max(...runs.filter((r) => r.side === side).map((r) => r.rps));
    const median = (side: Run['side']) => {
      const sorted = runs
        .filter((r) => r.side === side)
        .map((r) => r.rps)
        .sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)];
    };
    const ratio = best('graphql') / best('bare');
    console.log(
      `best: graphql ${best('graphql').toFixed(0)} req/s, bare ${best('bare').toFixed(0)} req/s; ` +
        `median: graphql ${median('graphql').toFixed(0)}, bare ${median('bare').toFixed(0)} ` +
        `(ratio of medians ${(median('graphql') / median('bare')).toFixed(3)}); ` +
        `bare reading every column the ORM reads: best ${best('bare_all_columns').toFixed(0)} req/s`,
    );
    const leastCpu = (side: Run['side']) => Math.min(...runs.filter((r) => r.side === side).map((r) => r.cpuMs));
    console.log(`RESULT name=graphql_req_per_s value=${best('graphql').toFixed(0)}`);
    console.log(`RESULT name=graphql_cpu_ms_per_request value=${leastCpu('graphql').toFixed(2)}`);
    console.log(`RESULT name=bare_http_cpu_ms_per_request value=${leastCpu('bare').toFixed(2)}`);
    console.log(`RESULT name=bare_http_req_per_s value=${best('bare').toFixed(0)}`);
    console.log(`RESULT name=bare_http_all_columns_req_per_s value=${best('bare_all_columns').toFixed(0)}`);
    console.log(`RESULT name=graphql_failed_requests value=${bad} goal<=0 ok=${bad === 0}`);
    console.log(`RESULT name=graphql_vs_bare_http value=${ratio.toFixed(3)} goal>=${GOAL} ok=${ratio >= GOAL}`);
    if (bad > 0 || ratio < GOAL) process.exitCode = 1;
  } finally {
    if (bare && bare.exitCode === null) {
      bare.kill('SIGTERM');
      await new Promise((r) => bare!.once('exit', r));
    }
    api.child.kill('SIGTERM');
    await api.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
