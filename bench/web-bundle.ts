/*
 * First-page JavaScript (issue 14): builds the web app as it is now into a private folder (a
 * colleague's web/dist is left alone) and, from Vite's manifest, adds up what a visitor's browser
 * fetches before the first page can render: the entry chunk and every chunk it imports statically,
 * transitively, plus the page's own chunk and its static imports where the page is loaded lazily.
 * Dynamic imports (the signed-in screens) are not counted: they load on a later visit. Sizes are
 * gzip at level 9 (node:zlib gzipSync), what a server compressing once at build time would send.
 * It also reads the chunks' source maps to check that no signed-in screen ended up in those chunks.
 * Run by `npm run bench` (scripts/bench.sh).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const GOAL_KB = 200;
const web = path.join(__dirname, '..', 'web');
/** The first pages a visitor can land on, with the module that renders each. */
const PAGES = { '/': 'src/features/landing/LandingPage.tsx', '/login': 'src/features/auth/LoginPage.tsx' };
/** Source folders of the signed-in area; none of them belongs on a first page. */
const SIGNED_IN =
  /\/web\/src\/(features\/(archive|dashboard|plans|profile|qa|record|upload)|app\/layout|app\/routes\/DashboardRoute)/;

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

function main(): void {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-bench-web-'));
  try {
    execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: web,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    report(out);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

function report(out: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(out, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gz = new Map<string, number>();
  const gzipped = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(fs.readFileSync(path.join(out, file)), { level: 9 }).length);
    return gz.get(file)!;
  };
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);

  let worst = 0;
  let signedIn: string[] = [];
  for (const [route, page] of Object.entries(PAGES)) {
    // A page bundled into the entry has no manifest key of its own; a lazy one is a dynamic entry.
    const keys = staticClosure(manifest, [entries[0][0], ...(manifest[page] ? [page] : [])]);
    const files = keys.map((k) => manifest[k].file);
    const total = files.reduce((sum, f) => sum + gzipped(f), 0);
    const css = [...new Set(keys.flatMap((k) => manifest[k].css ?? []))].reduce((sum, f) => sum + gzipped(f), 0);
    console.log(`${route}: ${kb(total)} KB of JavaScript gzipped in ${files.length} chunks (CSS ${kb(css)} KB)`);
    for (const f of files.sort((a, b) => gzipped(b) - gzipped(a))) console.log(`  ${kb(gzipped(f)).padStart(7)} ${f}`);
    worst = Math.max(worst, total);
    signedIn = [...new Set([...signedIn, ...files.flatMap((f) => sources(out, f).filter((s) => SIGNED_IN.test(s)))])];
  }

  const all = fs.readdirSync(path.join(out, 'assets')).filter((f) => f.endsWith('.js'));
  const allGz = all.map((f) => ({ f, size: gzipped(`assets/${f}`) })).sort((a, b) => b.size - a.size);
  console.log(`all JavaScript: ${kb(allGz.reduce((sum, c) => sum + c.size, 0))} KB gzipped in ${all.length} chunks`);
  for (const { f, size } of allGz.slice(0, 8)) console.log(`  ${kb(size).padStart(7)} assets/${f}`);
  for (const s of signedIn) console.log(`signed-in module on a first page: ${s}`);

  const value = Number(kb(worst));
  console.log(`RESULT name=web_first_page_js_gz_kb value=${value} goal<=${GOAL_KB} ok=${value <= GOAL_KB}`);
  console.log(
    `RESULT name=web_first_page_signed_in_modules value=${signedIn.length} goal<=0 ok=${signedIn.length === 0}`,
  );
}

/** The manifest keys of the given chunks and of every chunk they import statically, transitively. */
function staticClosure(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return [...seen];
}

/** The source files bundled into a chunk, from its source map (the bundler's runtime chunk has none). */
function sources(out: string, file: string): string[] {
  const map = path.join(out, `${file}.map`);
  if (!fs.existsSync(map)) {
    if (path.basename(file).startsWith('rolldown-runtime-')) return [];
    throw new Error(`${file} has no source map; web/vite.config.ts turns them on`);
  }
  return (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

main();
