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
 * feature imports no other feature and not the app; shared code imports neither. Relative imports
 * only (the web has no path aliases), so a pattern names where an import lands, at any depth.
 */
const webFeatures = readdirSync(new URL('web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const intoOneOf = (folders) => `^(\\.\\./)+(features/)?(${folders.join('|')})(/|$)`;
const webFeatureImports = (feature) => ({
  patterns: [
    {
      regex: intoOneOf(webFeatures.filter((other) => other !== feature)),
      caseSensitive: true,
      message: `web/src/features/${feature} must not import another feature; move what both need to web/src/components or web/src/lib.`,
    },
    {
      regex: '^(\\.\\./)+app(/|$)',
      caseSensitive: true,
      message: 'Features must not import web/src/app; the app imports features.',
    },
  ],
});
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
 * Api imports flow one way: transports (graphql, rest, http) -> modules -> engines, with
 * processing (the pipeline's activities) above the modules it drives. Engines are pure: they know
 * nothing of the app around them. Relative imports only, so a pattern names where one lands.
 */
const apiLayer = (folders, message) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`,
  caseSensitive: true,
  message,
});
const apiEngineImports = {
  patterns: [
    apiLayer(
      ['modules', 'processing', 'http', 'rest', 'graphql', 'policy', 'worker', 'runtime', 'db', 'storage', 'config'],
      'api/src/engines is below everything: it must not import the app (modules, processing, transports, storage, config).',
    ),
    apiLayer(
      ['services', 'platform', 'server', 'app', 'main'],
      'api/src/engines must not import the composition root.',
    ),
  ],
};
const apiModuleImports = {
  patterns: [
    apiLayer(
      ['processing', 'worker'],
      'api/src/modules must not import processing: the pipeline drives the modules, not the other way.',
    ),
    apiLayer(
      ['http', 'rest'],
      'api/src/modules must not import a transport (http, rest); take what you need as a parameter.',
    ),
    apiLayer(
      ['services', 'platform', 'server', 'app', 'main'],
      'api/src/modules must not import the composition root.',
    ),
  ],
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
  {
    files: ['api/src/engines/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', apiEngineImports] },
  },
  {
    files: ['api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', apiModuleImports] },
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
