import fs from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { workflowsPath } from './worker';

const HISTORIES = path.resolve(__dirname, '../../../workflows/histories');

/**
 * Saved histories of real runs must replay against the current workflow code: a change that
 * would break running workflows (non-determinism) fails here, before it reaches a server.
 */
describe('workflow replay', () => {
  const files = fs.readdirSync(HISTORIES).filter((f) => f.endsWith('.json'));

  it('has saved histories to replay', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)(
    '%s replays without non-determinism',
    async (file) => {
      const history = JSON.parse(fs.readFileSync(path.join(HISTORIES, file), 'utf8'));
      await expect(Worker.runReplayHistory({ workflowsPath: workflowsPath() }, history)).resolves.toBeUndefined();
    },
    60_000,
  );
});
