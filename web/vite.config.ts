import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The api serves the built app on one origin; in `vite dev` the same paths are proxied to it. */
const api = process.env.QUESTLOG_API_URL ?? 'http://localhost:3000';

/** The part of Rolldown's chunking context that loadedUpFront reads. */
type ModuleGraph = { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null };

/**
 * Whether the first page needs a module: an entry reaches it through static imports alone. Only
 * those libraries go into the vendor chunk; one used only by signed-in screens (fflate for uploads,
 * their icons) stays with the lazily loaded screens instead of riding along on the landing page.
 */
function loadedUpFront(id: string, graph: ModuleGraph): boolean {
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = graph.getModuleInfo(next);
    if (info?.isEntry) return true;
    for (const importer of info?.importers ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return false;
}

export default defineConfig({
  plugins: [react()],
  // The shared constants as TypeScript source: the api runs their CommonJS build, the browser needs modules.
  resolve: { alias: { '@questlog/constants': fileURLToPath(new URL('../packages/constants/src', import.meta.url)) } },
  // VITE_* settings live in the repository's top-level .env, next to the api's.
  envDir: '..',
  server: {
    proxy: {
      '/graphql': { target: api, ws: true },
      '/api': api,
      // Only the REST shim (POST /register/); the /register page itself is client-routed.
      '^/register/': api,
      '/get-csrf-token': api,
      '/upload': api,
      '/healthz': api,
    },
  },
  build: {
    sourcemap: true,
    // .vite/manifest.json: which chunks each page loads, for bench/web-bundle.ts.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries change less often than app code: a separate chunk stays cached across releases.
          groups: [
            {
              name: (id, ctx) => (loadedUpFront(id, ctx) ? 'vendor' : null),
              debugName: 'vendor',
              test: /node_modules/,
            },
          ],
        },
      },
    },
  },
});
