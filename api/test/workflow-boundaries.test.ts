import { spawnSync } from 'node:child_process';
import path from 'node:path';

const repo = path.resolve(__dirname, '../..');
const eslintBin = path.join(repo, 'node_modules/eslint/bin/eslint.js');

interface LintResult {
  messages: Array<{ ruleId: string | null; message: string }>;
}

/**
 * Runs the repo's real ESLint config on files under workflows/src. ESLint runs in its own Node
 * process because it loads eslint.config.mjs with a dynamic import, which jest's VM does not allow.
 */
function lint(args: string[], stdin?: string): string[] {
  const run = spawnSync(process.execPath, [eslintBin, '--format', 'json', ...args], { cwd: repo, input: stdin });
  const results = JSON.parse(run.stdout.toString()) as LintResult[];
  return results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
}

// A cold ESLint with typescript-eslint takes several seconds, more on a busy machine.
const LINT_TIMEOUT_MS = 60_000;

const lintAsWorkflow = (source: string) =>
  lint(['--stdin', '--stdin-filename', 'workflows/src/boundary-probe.ts'], source);

describe('workflows/ import boundary (eslint.config.mjs)', () => {
  it(
    'refuses Node built-ins, the ORM, pg and the api in workflow code',
    () => {
      const messages = lintAsWorkflow(
        [
          "import fs from 'node:fs';",
          "import path from 'path';",
          "import { MikroORM } from '@mikro-orm/core';",
          "import pg from 'pg';",
          "import { loadConfig } from '../../api/src/config/config';",
          'export { fs, path, MikroORM, pg, loadConfig };',
        ].join('\n'),
      );
      expect(messages).toHaveLength(5);
      expect(messages[0]).toMatch(/'node:fs'.*no Node built-ins/);
      expect(messages[1]).toMatch(/'path'.*no Node built-ins/);
      expect(messages[2]).toMatch(/'@mikro-orm\/core'.*database/);
      expect(messages[3]).toMatch(/'pg'.*database/);
      expect(messages[4]).toMatch(/must not import the api/);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'allows the Temporal workflow API',
    () => {
      expect(
        lintAsWorkflow("import { proxyActivities } from '@temporalio/workflow';\nexport { proxyActivities };\n"),
      ).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );
});
