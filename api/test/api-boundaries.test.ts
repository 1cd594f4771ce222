import { importMessages, LINT_TIMEOUT_MS } from './lint';

describe('api import direction: transports -> modules -> engines (eslint.config.mjs)', () => {
  it(
    'refuses the app above it in an engine',
    () => {
      const messages = importMessages('api/src/engines/summaries/boundary-probe.ts', [
        "import { Session } from '../../modules/sessions/session.entity';",
        "import { transcriptActivities } from '../../processing/activities/transcript-activities';",
        "import { loadConfig } from '../../config/config';",
        "import { createServices } from '../../services';",
        'export { Session, transcriptActivities, loadConfig, createServices };',
      ]);
      expect(messages).toHaveLength(4);
      for (const message of messages.slice(0, 3)) expect(message).toMatch(/api\/src\/engines is below everything/);
      expect(messages[3]).toMatch(/engines must not import the composition root/);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'refuses processing, transports and the composition root in a module',
    () => {
      const messages = importMessages('api/src/modules/uploads/boundary-probe.ts', [
        "import { fork } from '../../processing/activities/activity-deps';",
        "import { sessionCookies } from '../../http/cookies';",
        "import { restRouter } from '../../rest/router';",
        "import { createPlatform } from '../../platform';",
        'export { fork, sessionCookies, restRouter, createPlatform };',
      ]);
      expect(messages).toHaveLength(4);
      expect(messages[0]).toMatch(/modules must not import processing/);
      expect(messages[1]).toMatch(/modules must not import a transport/);
      expect(messages[2]).toMatch(/modules must not import a transport/);
      expect(messages[3]).toMatch(/modules must not import the composition root/);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'lets modules use engines, other modules and the policy, and engines use each other',
    () => {
      expect(
        importMessages('api/src/modules/qa/boundary-probe.ts', [
          "import type { Answerer } from '../../engines/qa/answerer';",
          "import { Policy } from '../../policy/policy';",
          "import { Session } from '../sessions/session.entity';",
          "import type { GqlContext } from '../../graphql/context';",
          'export { Policy, Session };',
          'export type { Answerer, GqlContext };',
        ]),
      ).toEqual([]);
      expect(
        importMessages('api/src/engines/qa/boundary-probe.ts', [
          "import { words } from '../text/tokenize';",
          "import { EngineError } from '../engine-error';",
          'export { words, EngineError };',
        ]),
      ).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );
});
