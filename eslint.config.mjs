// One flat config for the whole repo: `npm run lint` runs `eslint .` from here.
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Workflow code runs in Temporal's deterministic sandbox: Node built-ins, the database and the api
 * must stay out of it (as the Temporal samples lint it). Activities get them by injection instead.
 */
const workflowSandboxImports = {
  paths: builtinModules
    .filter((name) => !name.startsWith('_'))
    .map((name) => ({ name, message: 'Workflow code runs in the Temporal sandbox: no Node built-ins.' })),
  patterns: [
    { group: ['node:*'], message: 'Workflow code runs in the Temporal sandbox: no Node built-ins.' },
    { group: ['@mikro-orm/*', 'pg', 'pg-*'], message: 'Workflow code must not touch the database; use an activity.' },
    {
      group: ['@questlog/api', '@questlog/api/*', '**/api/*', '**/api'],
      message: 'workflows/ must not import the api.',
    },
  ],
};

/**
 * Web imports flow one way: app -> features -> shared (components, lib, config, gql, styles). A
 * feature imports only the features listed for it here, and only through their entry (the folder's
 * index.ts), so features form a one-way stack and nothing reaches behind another's entry; none
 * imports the app, and shared code imports neither. Relative imports only (the web has no path
 * aliases), so a pattern names where an import lands, at any depth.
 */
const webFeatures = readdirSync(new URL('web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The archive page places the session's parts; each part plays the recording through the player. */
const webFeatureUses = {
  archive: ['campaign-index', 'editors', 'voices', 'recap', 'transcript', 'player'],
  transcript: ['player'],
  recap: ['player'],
  voices: ['player'],
};
const intoOneOf = (folders) => `^(\\.\\./)+(features/)?(${folders.join('|')})(/|$)`;
const webFeatureImports = (feature) => {
  const uses = webFeatureUses[feature] ?? [];
  const others = webFeatures.filter((other) => other !== feature && !uses.includes(other));
  const may = uses.length ? `it may import only ${uses.join(', ')}, each through its entry` : 'it imports none';
  return {
    patterns: [
      {
        regex: intoOneOf(others),
        caseSensitive: true,
        message: `web/src/features/${feature} must not import another feature (${may}; eslint.config.mjs, webFeatureUses); move what both need to web/src/components or web/src/lib.`,
      },
      ...(uses.length
        ? [
            {
              regex: `^(\\.\\./)+(features/)?(${uses.join('|')})/(?!index$)`,
              caseSensitive: true,
              message: `web/src/features/${feature} must import another feature through its entry, features/<name> (its index.ts), never a file behind it.`,
            },
          ]
        : []),
      {
        regex: '^(\\.\\./)+app(/|$)',
        caseSensitive: true,
        message: 'Features must not import web/src/app; the app imports features.',
      },
    ],
  };
};
const webSharedImports = {
  patterns: [
    {
      regex: '^(\\.\\./)+(features|app)(/|$)',
      caseSensitive: true,
      message: 'Shared web code (components, lib, config) must not import features or the app.',
    },
  ],
};

/**
 * Api imports flow one way, each folder only down (ARCHITECTURE.md, "Imports flow one way"): the
 * composition root (services, platform, server, app, main, schema) wires everything; below it the
 * transports and the pipeline, then the features, then what they stand on, and the kernel, the
 * engines and the adapters (mail, Stripe, processes, archives) at the bottom. Relative imports only,
 * so a pattern names where an import lands.
 */
const apiRoot = ['services', 'platform', 'server', 'app', 'main', 'schema', 'emit-schema'];
const apiMayImport = {
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
/**
 * Each feature folder of api/src/modules has one public entry, its index.ts: code outside the feature
 * imports `modules/<feature>`, never a file behind it, and a feature imports its own files directly,
 * never its own entry (through it a file would load itself in a loop and could meet classes not yet
 * defined). Tests may reach behind an entry to set up and observe state, and the schema's resolver
 * list names the resolvers, which no entry exports: loaded from entries, they would register in the
 * order features import each other, and schema.graphql would follow that order.
 */
const apiFeatures = readdirSync(new URL('api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const behindEntry = (where) =>
  `${where} must not import a file behind a feature's public entry; import the feature folder, modules/<feature> (its index.ts).`;
const apiFeatureImports = (feature) => [
  {
    regex: `^(\\.\\./)+(${apiFeatures.filter((other) => other !== feature).join('|')})/`,
    caseSensitive: true,
    message: behindEntry(feature ? `api/src/modules/${feature}` : 'api/src/modules'),
  },
  ...(feature
    ? [
        {
          regex: `^(\\.(/index)?|(\\.\\./)+${feature}(/index)?)$`,
          caseSensitive: true,
          message: `api/src/modules/${feature} must import its own files directly, not its public entry (index.ts).`,
        },
      ]
    : []),
];
const intoFeatureFiles = (where, except = '') => ({
  regex: `^(\\./|(\\.\\./)+)modules/[^/]+/${except}`,
  caseSensitive: true,
  message: behindEntry(where),
});
/** Transports carry the services the root built, so they may name the root's types (never build them). */
const apiNamesRootTypes = new Set(['mcp', 'graphql', 'http']);
const apiLayer = (folders, message, extra = {}) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`,
  caseSensitive: true,
  message,
  ...extra,
});
/**
 * A feature owns its REST edge (ARCHITECTURE.md): its `*.routes.ts` may use the HTTP layer (http/ and
 * rest/'s helpers), its REST shapes (`*.schemas.ts`) rest/'s shared ones (common.schemas.ts) alone.
 * No other file of a feature imports http/, rest/ or a routes file: services and resolvers stay below
 * the transport.
 */
const apiEdgeMayImport = { routes: ['http', 'rest'], schemas: [] };
const apiEdgeFiles = Object.keys(apiEdgeMayImport);
const sharedShapes = 'common\\.schemas';
const intoRoutes = (feature) => ({
  regex: '^(\\./|(\\.\\./)+)([^/]+/)?[^/]+\\.routes$',
  caseSensitive: true,
  message: `api/src/modules/${feature} must not import a routes file; only the router does (ARCHITECTURE.md, "Imports flow one way").`,
});
const apiFolderRules = (folder, feature, edge) => {
  const allowed = [...apiMayImport[folder], ...(edge ? apiEdgeMayImport[edge] : [])];
  const only = allowed.length ? `it may import only ${allowed.join(', ')}` : 'it imports nothing of the app';
  const forbidden = Object.keys(apiMayImport).filter((other) => other !== folder && !allowed.includes(other));
  const layers = forbidden.map((other) => {
    const message = `api/src/${folder} must not import ${other}: ${only} (ARCHITECTURE.md, "Imports flow one way").`;
    return edge === 'schemas' && other === 'rest'
      ? { ...apiLayer([other], message), regex: `^(\\.\\./)+rest/(?!${sharedShapes}$)` }
      : apiLayer([other], message);
  });
  const root = apiLayer(
    apiRoot,
    apiNamesRootTypes.has(folder)
      ? `api/src/${folder} must not build from the composition root; it is given the services (types only).`
      : `api/src/${folder} must not import the composition root; the root imports it.`,
    apiNamesRootTypes.has(folder) ? { allowTypeImports: true } : {},
  );
  const entries =
    folder === 'modules'
      ? [...apiFeatureImports(feature), ...(feature && edge !== 'routes' ? [intoRoutes(feature)] : [])]
      : allowed.includes('modules')
        ? // The router mounts each feature's routes and the OpenAPI document reads their shapes.
          [intoFeatureFiles(`api/src/${folder}`, folder === 'rest' ? '(?![^/]+\\.(routes|schemas)$)' : '')]
        : [];
  return {
    'no-restricted-imports': ['error', { patterns: [...layers, ...entries] }],
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: [root] }],
  };
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '.tools/**',
      'web/src/gql/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs', 'api/jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['api/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      // `_`-prefixed names mark parameters an interface requires but this implementation ignores.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tests read JSON bodies of many shapes; `any` there keeps assertions short, not production code loose.
    files: ['**/*.test.ts', 'api/test/**/*.ts', 'web/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['workflows/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', workflowSandboxImports] },
  },
  ...Object.keys(apiMayImport).map((folder) => ({
    files: [`api/src/${folder}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: apiFolderRules(folder),
  })),
  ...apiFeatures.map((feature) => ({
    files: [`api/src/modules/${feature}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: apiFolderRules('modules', feature),
  })),
  ...apiFeatures.flatMap((feature) =>
    apiEdgeFiles.map((edge) => ({
      files: [`api/src/modules/${feature}/**/*.${edge}.ts`],
      rules: apiFolderRules('modules', feature, edge),
    })),
  ),
  {
    files: ['api/src/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [intoFeatureFiles('The composition root', '(?![^/]+\\.resolver$)')] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: globals.browser },
  },
  ...webFeatures.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', webFeatureImports(feature)] },
  })),
  {
    files: ['web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', webSharedImports] },
  },
  {
    // Vite and Playwright configs and the browser specs' fixtures run in Node, not the browser.
    files: ['web/*.config.ts', 'web/e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
);
