// The end of every `npm test` (scripts/test.sh): each phase's wall time, how many tests ran (and
// which passed only on a retry), then the ten slowest jest files and Playwright specs of the run,
// from the reports the phases wrote into the timing folder.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const read = (name) => {
  try {
    return fs.readFileSync(path.join(dir, name), 'utf8');
  } catch {
    return null;
  }
};
const clock = (seconds) => `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
const relative = (file) => path.relative(process.cwd(), file);

const phases = (read('phases.tsv') ?? '')
  .trim()
  .split('\n')
  .filter(Boolean)
  .map((l) => l.split('\t'));
// CPU seconds over wall seconds: how many of the machine's cores a phase kept busy, which says
// whether another phase could run beside it. Phases in a lane ran beside the other lane's, so the
// run's total is its own wall time (total-seconds), not the phases' sum.
console.log('\n=== Where the time went (wall, CPU seconds, cores busy)');
let sum = 0;
let totalCpu = 0;
const usage = (seconds, cpu) =>
  `${clock(seconds).padStart(8)}  ${`${cpu}s`.padStart(6)}  ${(cpu / Math.max(seconds, 1)).toFixed(1)}`;
for (const [name, seconds, status, cpu = '0', lane = ''] of phases) {
  sum += Number(seconds);
  totalCpu += Number(cpu);
  const where = lane ? `[${lane} lane] ` : '';
  console.log(`${usage(Number(seconds), Number(cpu))}  ${status === '0' ? 'ok    ' : `FAILED`}  ${where}${name}`);
}
const total = Number(read('total-seconds') ?? sum);
console.log(`${usage(total, totalCpu)}  total${phases.some((p) => p[4]) ? ' (the lanes ran side by side)' : ''}`);

/** Seconds per file: jest's own per-file timings. */
function jestFiles() {
  const report = read('jest.json');
  if (!report) return [];
  return JSON.parse(report).testResults.map((r) => [relative(r.name), (r.endTime - r.startTime) / 1000]);
}

/** Seconds per spec file: the durations of its tests, retries included, from Playwright's JSON. */
function playwrightFiles(name) {
  const report = read(name);
  if (!report) return [];
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, r) => sum + r.duration, 0);
        byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + ms / 1000);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(report).suites ?? []) walk(suite);
  return [...byFile].map(([file, seconds]) => [`web/e2e/${file}`, seconds]);
}

function slowest(title, rows) {
  if (!rows.length) return;
  console.log(`\n=== The ten slowest ${title}`);
  for (const [file, seconds] of rows.sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    console.log(`${clock(seconds).padStart(8)}  ${file}`);
  }
}
/** How many tests ran and how they ended, and every test that passed only on a retry (a flake to fix). */
function counts() {
  const lines = [];
  const jest = read('jest.json');
  if (jest) {
    const r = JSON.parse(jest);
    lines.push(
      `jest: ${r.numPassedTests} passed, ${r.numFailedTests} failed of ${r.numTotalTests} in ${r.numTotalTestSuites} files`,
    );
  }
  const vitest = read('vitest.json');
  if (vitest) {
    // Vitest's numTotalTestSuites counts describe blocks too: the files are its testResults.
    const r = JSON.parse(vitest);
    lines.push(
      `vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped ` +
        `of ${r.numTotalTests} in ${r.testResults.length} files`,
    );
  }
  for (const name of ['playwright.config.json', 'playwright.stripe.config.json']) {
    const report = read(name);
    if (!report) continue;
    const { stats, suites } = JSON.parse(report);
    const flaky = [];
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        if (spec.tests.some((t) => t.status === 'flaky')) flaky.push(`web/e2e/${spec.file}:${spec.line} ${spec.title}`);
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of suites ?? []) walk(suite);
    lines.push(
      `${path.basename(name, '.json')}: ${stats.expected} passed, ${stats.unexpected} failed, ` +
        `${stats.flaky} flaky, ${stats.skipped} skipped`,
      ...flaky.map((f) => `  flaky (passed on a retry): ${f}`),
    );
  }
  if (!lines.length) return;
  console.log('\n=== Tests');
  for (const line of lines) console.log(`  ${line}`);
}

/**
 * The jest files after which their worker held more handles than as they started (by kind, from
 * api/test/open-handles.ts): where to look for what keeps a worker from exiting gracefully. A
 * handle still closing when the next file starts shows up too. A worker's last file is judged by
 * what the worker still held when told to end, written only when something kept it alive then.
 */
function leftOpen() {
  const log = read('handles.tsv');
  if (!log) return;
  const before = new Map();
  const lines = [];
  for (const [pid, file, handles] of log
    .trim()
    .split('\n')
    .map((l) => l.split('\t'))) {
    const held = new Map();
    // An Immediate runs on the next turn of the loop: never what keeps a worker from exiting.
    for (const kind of handles ? handles.split(',') : []) {
      if (kind !== 'Immediate') held.set(kind, (held.get(kind) ?? 0) + 1);
    }
    const last = before.get(pid);
    if (last) {
      const more = [...held].filter(([kind, n]) => n > (last.held.get(kind) ?? 0));
      if (more.length)
        lines.push(
          `${relative(last.file)}: ${more.map(([k, n]) => `${k} +${n - (last.held.get(k) ?? 0)}`).join(', ')}`,
        );
    }
    before.set(pid, { file, held });
  }
  if (!lines.length) return;
  console.log('\n=== jest files after which their worker held more handles (a leak, or one still closing)');
  for (const line of lines) console.log(`  ${line}`);
}

counts();
leftOpen();
slowest('jest files', jestFiles());
slowest('Playwright specs', [
  ...playwrightFiles('playwright.config.json'),
  ...playwrightFiles('playwright.stripe.config.json'),
]);
