// `npm run build`'s web step: `vite build`, skipped when nothing it reads has changed since the
// build in web/dist. The hash of its inputs is written into web/dist after a build that succeeded,
// so a failed or removed build (vite empties web/dist first) always builds again, and the Docker
// build (which leaves dist out of its context) always builds. Inputs are hashed by path and content,
// so an added, removed, renamed or edited file anywhere among them changes the hash.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'web/dist/.inputs-hash');
/** What `vite build` reads: the app, its config, the shared constants (aliased to their source), the
 * locked dependencies, the VITE_* settings in the top-level .env files (envDir '..') and this script. */
const inputs = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/tsconfig.json',
  'web/package.json',
  'packages/constants/src',
  'packages/constants/package.json',
  'package-lock.json',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
  'scripts/build-web.mjs',
];

function* files(rel) {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return;
  if (!statSync(abs).isDirectory()) {
    yield rel;
    return;
  }
  for (const entry of readdirSync(abs).sort()) yield* files(path.join(rel, entry));
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(input))
      hash
        .update(`${file}\0`)
        .update(readFileSync(path.join(root, file)))
        .update('\0');
  }
  // The environment can set VITE_* (and the mode) too.
  for (const [name, value] of Object.entries(process.env).sort()) {
    if (name.startsWith('VITE_') || name === 'NODE_ENV') hash.update(`${name}=${value}\0`);
  }
  return hash.digest('hex');
}

const hash = inputsHash();
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
  console.log('web: web/dist is up to date (its inputs are unchanged); not rebuilt');
  process.exit(0);
}
const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
writeFileSync(stamp, hash);
