// Lets plain `node -r ./api/test/swc-register.cjs api/src/main.ts` run the api's TypeScript the way jest
// does (same swc options), so tests can start the real entry point as a child process and signal it.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');
const jestConfig = require('../jest.config.js');

const [, swcOptions] = jestConfig.transform['^.+\\.ts$'];
/** The workspace packages from source, as jest's moduleNameMapper has them, so no build is needed first. */
const packageSources = {
  '@questlog/workflows': path.resolve(__dirname, '../../workflows/src/index.ts'),
  '@questlog/constants': path.resolve(__dirname, '../../packages/constants/src/index.ts'),
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { ...swcOptions, filename, sourceMaps: 'inline' });
  module._compile(code, filename);
};

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, packageSources[request] ?? request, ...rest);
};
