/** Jest for the api: swc transpiles (decorator metadata included); real PostgreSQL + Temporal per run. */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@questlog/workflows$': '<rootDir>/../workflows/src',
    '^@questlog/constants$': '<rootDir>/../packages/constants/src',
  },
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  setupFiles: ['reflect-metadata'],
  setupFilesAfterEnv: ['<rootDir>/test/open-handles.ts'],
  // A bound on a hang. In a full `npm test` both lanes fill the cores, and tests under this bound
  // took up to 16-21 s in fresh-clone runs: 30 s left a slower CI machine too little room.
  testTimeout: 60000,
  maxWorkers: 2,
};
