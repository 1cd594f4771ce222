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
  return results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
}
