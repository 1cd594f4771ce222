import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import app from './vite.config.ts';

/**
 * The web's unit tests: pure logic, each `*.test.ts` beside its module under src/, run in Node
 * without a browser (the browser specs in e2e/ are Playwright's). The app's resolve settings, so
 * `@questlog/constants` is its TypeScript source here as in the build.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: app.resolve,
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
