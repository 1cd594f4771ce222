import { importMessagesOfEach, LINT_TIMEOUT_MS } from './lint';

/**
 * What each api folder may import (ARCHITECTURE.md, "Imports flow one way"), stated here on its own
 * so a loosened rule in eslint.config.mjs fails this test.
 */
const mayImport: Record<string, string[]> = {
  worker: ['processing', 'modules', 'policy', 'kernel', 'engines', 'adapters', 'storage', 'config'],
  processing: ['modules', 'policy', 'kernel', 'engines', 'adapters', 'storage', 'config'],
  mcp: ['modules', 'policy', 'kernel', 'engines', 'adapters', 'config'],
  rest: ['modules', 'policy', 'http', 'kernel', 'engines', 'adapters', 'storage', 'config'],
  modules: ['graphql', 'policy', 'kernel', 'engines', 'adapters', 'storage', 'config'],
  graphql: ['http', 'policy', 'db', 'kernel', 'engines', 'adapters', 'config'],
  http: ['db', 'kernel', 'engines', 'adapters', 'config'],
  policy: ['kernel'],
  db: ['runtime', 'kernel', 'config'],
  storage: ['kernel', 'engines', 'adapters', 'config'],
  runtime: ['kernel', 'config'],
  config: ['kernel'],
  kernel: ['engines'],
  engines: ['adapters'],
  adapters: [],
};
/** The transports carry the services the root built: they may name its types, never build from it. */
const namesRootTypes = ['mcp', 'graphql', 'http'];
const folders = Object.keys(mayImport);

/** A probe two levels down (api/src/<folder>/probe/), importing each folder by name. */
const probe = (folder: string, imports: string[], rootImport: string) => ({
  filename: `api/src/${folder}/probe/boundary-probe.ts`,
  lines: [
    ...imports.map((other, i) => `import { x${i} } from '../../${other}/x';`),
    rootImport,
    `export { ${[...imports.map((_, i) => `x${i}`), 'root'].join(', ')} };`,
  ],
});

describe('api import direction, one rule per folder (eslint.config.mjs)', () => {
  it(
    'refuses, in every api folder, each folder above it and the composition root',
    () => {
      const forbidden = folders.map((folder) => folders.filter((o) => o !== folder && !mayImport[folder].includes(o)));
      const messages = importMessagesOfEach(
        folders.map((folder, i) =>
          probe(folder, forbidden[i], "import { createServices as root } from '../../services';"),
        ),
      );
      folders.forEach((folder, i) => {
        expect(messages[i]).toHaveLength(forbidden[i].length + 1);
        forbidden[i].forEach((other, j) =>
          expect(messages[i][j]).toMatch(
            new RegExp(`^'../../${other}/x'.*api/src/${folder} must not import ${other}:`),
          ),
        );
        expect(messages[i][forbidden[i].length]).toMatch(
          new RegExp(`api/src/${folder} must not (import|build from) the composition root`),
        );
      });
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'lets every folder import what lies below it, and the transports name the services type',
    () => {
      const messages = importMessagesOfEach(
        folders.map((folder) =>
          probe(
            folder,
            mayImport[folder],
            namesRootTypes.includes(folder)
              ? "import type { Services as root } from '../../services';"
              : "import { x as root } from './sibling';",
          ),
        ),
      );
      expect(Object.fromEntries(folders.map((folder, i) => [folder, messages[i]]))).toEqual(
        Object.fromEntries(folders.map((folder) => [folder, []])),
      );
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'lets features use each other, and engines each other, by relative paths inside their layer',
    () => {
      const [feature, engine] = importMessagesOfEach([
        { filename: 'api/src/modules/qa/boundary-probe.ts', lines: ["export { x } from '../sessions';"] },
        { filename: 'api/src/engines/qa/boundary-probe.ts', lines: ["export { words } from '../text/tokenize';"] },
      ]);
      expect(feature).toEqual([]);
      expect(engine).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );
});

/** The folders that may import features, each probed two levels down like the rules above. */
const overFeatures = folders.filter((folder) => mayImport[folder].includes('modules'));
const behindEntry = "must not import a file behind a feature's public entry";

describe("a feature's public entry, modules/<feature>/index.ts (eslint.config.mjs)", () => {
  it(
    "refuses a file behind another feature's entry, from a feature, every folder above the features and the root",
    () => {
      const deep = (filename: string, spec: string) => ({
        filename,
        lines: [`import { x } from '${spec}';`, 'export { x };'],
      });
      const messages = importMessagesOfEach([
        deep('api/src/modules/qa/boundary-probe.ts', '../sessions/session.service'),
        deep('api/src/modules/qa/boundary-probe.ts', '../sessions/index'),
        ...overFeatures.map((folder) =>
          deep(`api/src/${folder}/probe/boundary-probe.ts`, '../../modules/sessions/session.service'),
        ),
        deep('api/src/boundary-probe.ts', './modules/sessions/session.service'),
      ]);
      expect(messages).toEqual([
        [expect.stringContaining(`api/src/modules/qa ${behindEntry}`)],
        [expect.stringContaining(`api/src/modules/qa ${behindEntry}`)],
        ...overFeatures.map((folder) => [expect.stringContaining(`api/src/${folder} ${behindEntry}`)]),
        [expect.stringContaining(`The composition root ${behindEntry}`)],
      ]);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'refuses a feature its own entry: its files import each other directly',
    () => {
      const [messages] = importMessagesOfEach([
        {
          filename: 'api/src/modules/qa/boundary-probe.ts',
          lines: [
            "import { a } from './index';",
            "import { b } from '.';",
            "import { c } from '../qa';",
            "import { d } from './qa.service';",
            'export { a, b, c, d };',
          ],
        },
      ]);
      expect(messages).toEqual(
        ['./index', '.', '../qa'].map((spec) =>
          expect.stringMatching(new RegExp(`^'${spec.replace(/\./g, '\\.')}'.*must import its own files directly`)),
        ),
      );
    },
    LINT_TIMEOUT_MS,
  );

  it(
    "lets everyone import the entry, the schema's resolver list name resolvers, and tests reach behind an entry",
    () => {
      const messages = importMessagesOfEach([
        ...overFeatures.map((folder) => ({
          filename: `api/src/${folder}/probe/boundary-probe.ts`,
          lines: ["export { x } from '../../modules/sessions';"],
        })),
        {
          filename: 'api/src/boundary-probe.ts',
          lines: [
            "export { x } from './modules/sessions';",
            "export { SessionResolver } from './modules/sessions/session.resolver';",
          ],
        },
        {
          filename: 'api/src/rest/probe/boundary-probe.test.ts',
          lines: ["export { x } from '../../modules/sessions/session-workflow';"],
        },
        {
          filename: 'api/src/modules/qa/boundary-probe.test.ts',
          lines: ["export { x } from '../sessions/session-workflow';"],
        },
      ]);
      expect(messages).toEqual(messages.map(() => []));
      expect(messages).toHaveLength(overFeatures.length + 3);
    },
    LINT_TIMEOUT_MS,
  );
});

describe("a feature's REST edge, its *.routes.ts and *.schemas.ts (eslint.config.mjs)", () => {
  const httpAndRest = ["import { a } from '../../http/drain-request';", "import { b } from '../../rest/payload';"];
  const probe = (filename: string, lines: string[]) => ({ filename, lines: [...lines, 'export const probe = 1;'] });

  it(
    'lets routes import http/ and rest/ helpers and the router mount routes and read shapes behind an entry',
    () => {
      const messages = importMessagesOfEach([
        probe('api/src/modules/uploads/probe.routes.ts', httpAndRest),
        probe('api/src/modules/recordings/probe.schemas.ts', ["import { uuid } from '../../rest/common.schemas';"]),
        probe('api/src/rest/probe.ts', [
          "import { a } from '../modules/uploads/upload.routes';",
          "import { b } from '../modules/billing/billing.schemas';",
        ]),
      ]);
      expect(messages).toEqual([[], [], []]);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    "refuses a service and a resolver the HTTP layer, the shapes all of it but rest/'s shared shapes, and every other file a routes file",
    () => {
      const messages = importMessagesOfEach([
        probe('api/src/modules/uploads/upload.service.ts', httpAndRest),
        probe('api/src/modules/uploads/upload.resolver.ts', httpAndRest),
        probe('api/src/modules/recordings/probe.schemas.ts', [
          "import { a } from '../../http/drain-request';",
          "import { b } from '../../rest/payload';",
        ]),
        probe('api/src/modules/uploads/upload.service.ts', ["import { uploadRoutes } from './upload.routes';"]),
        probe('api/src/rest/probe.ts', ["import { a } from '../modules/uploads/upload.service';"]),
      ]);
      const layer = (other: string) => expect.stringMatching(new RegExp(`api/src/modules must not import ${other}:`));
      expect(messages).toEqual([
        [layer('http'), layer('rest')],
        [layer('http'), layer('rest')],
        [layer('http'), layer('rest')],
        [expect.stringContaining('api/src/modules/uploads must not import a routes file')],
        [expect.stringContaining(`api/src/rest ${behindEntry}`)],
      ]);
    },
    LINT_TIMEOUT_MS,
  );
});
