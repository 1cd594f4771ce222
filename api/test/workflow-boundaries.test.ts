import { importMessages, LINT_TIMEOUT_MS } from './lint';

const lintAsWorkflow = (source: string) => importMessages('workflows/src/boundary-probe.ts', source.split('\n'));

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
