import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The api serves the built app on one origin; in `vite dev` the same paths are proxied to it. */
const api = process.env.QUESTLOG_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
    // Libraries change less often than app code: a separate chunk stays cached across releases.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/ }] } } },
  },
});
