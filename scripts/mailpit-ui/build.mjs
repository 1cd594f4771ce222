// Builds Mailpit's web inbox (server/ui-src/app.js → server/ui/dist) in a copy of its Go module,
// as its own esbuild.config.mjs does, without the API docs page (its `rapidoc` is not served).
import * as esbuild from 'esbuild';
import pluginVue from 'esbuild-plugin-vue-next';
import { sassPlugin } from 'esbuild-sass-plugin';

await esbuild.build({
  entryPoints: ['server/ui-src/app.js'],
  bundle: true,
  minify: true,
  define: {
    __VUE_OPTIONS_API__: 'true',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
  },
  outdir: 'server/ui/dist/',
  plugins: [pluginVue(), sassPlugin({ silenceDeprecations: ['import'], quietDeps: true })],
  loader: { '.svg': 'file', '.woff': 'file', '.woff2': 'file' },
  logLevel: 'warning',
});
