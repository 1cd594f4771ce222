import { spawnSync } from 'node:child_process';
import path from 'node:path';

const repo = path.resolve(__dirname, '../..');
const eslintBin = path.join(repo, 'node_modules/eslint/bin/eslint.js');

interface LintResult {
  messages: Array<{ ruleId: string | null; message: string }>;
}

/** A cold ESLint with typescript-eslint takes several seconds, more on a busy machine. */
export const LINT_TIMEOUT_MS = 60_000;

/**
 * The import-boundary messages the repo's real ESLint config gives a probe file placed, by name,
 * anywhere in the repo. ESLint runs in its own Node process because it loads eslint.config.mjs
 * with a dynamic import, which jest's VM does not allow.
 */
export function importMessages(filename: string, lines: string[]): string[] {
  const run = spawnSync(process.execPath, [eslintBin, '--format', 'json', '--stdin', '--stdin-filename', filename], {
    cwd: repo,
    input: lines.join('\n') + '\n',
  });
  const results = JSON.parse(run.stdout.toString()) as LintResult[];
  return results.flatMap(restrictedImports);
}

/** Both import rules: ESLint's own and typescript-eslint's (which can let type-only imports through). */
const restrictedImports = (result: LintResult) =>
  result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);

/**
 * importMessages for many probe files in one ESLint process (a cold start costs seconds): the
 * messages of each probe, in order.
 */
export function importMessagesOfEach(probes: Array<{ filename: string; lines: string[] }>): string[][] {
  const script = `
    const { ESLint } = require(${JSON.stringify(path.join(repo, 'node_modules/eslint'))});
    const probes = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    const eslint = new ESLint({ cwd: ${JSON.stringify(repo)} });
    Promise.all(probes.map((p) => eslint.lintText(p.lines.join('\\n') + '\\n', { filePath: p.filename })))
      .then((results) => process.stdout.write(JSON.stringify(results.map((r) => r[0]))));`;
  const run = spawnSync(process.execPath, ['-e', script], {
    cwd: repo,
    input: JSON.stringify(probes.map((p) => ({ ...p, filename: path.join(repo, p.filename) }))),
  });
  const results = JSON.parse(run.stdout.toString()) as LintResult[];
  return results.map(restrictedImports);
}
