// The client link's page (/r/{token}) is built on its own, after the app (npm run build):
// built together, the two pages would share chunks, and the app's one first-load chunk would then
// carry this page too, or this page the whole app. Its own build keeps each as small as it can be.
// It runs its React components on Preact (preact/compat, ~10 KB against React DOM's ~60 KB
// compressed): on a client's phone that script is most of what stands before the first pair
// (docs/decisions/016-client-link-page.md).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { webBuildBase } from './vite.config.js';
import { SHARED_REPORT_MANIFEST } from './src/server/share-links/shared-report-build.js';

const exactly = (name: string) => new RegExp(`^${name.replace(/[/.]/g, '\\$&')}$`);

export default defineConfig({
  ...webBuildBase,
  resolve: {
    alias: [
      ...Object.entries(webBuildBase.resolve.alias).map(([find, replacement]) => ({ find, replacement })),
      { find: exactly('react'), replacement: 'preact/compat' },
      { find: exactly('react-dom'), replacement: 'preact/compat' },
      { find: exactly('react-dom/client'), replacement: 'preact/compat/client' },
      { find: exactly('react/jsx-runtime'), replacement: 'preact/jsx-runtime' },
      { find: exactly('react/jsx-dev-runtime'), replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  // The app's build has copied public/ already.
  publicDir: false,
  build: {
    ...webBuildBase.build,
    emptyOutDir: false,
    manifest: SHARED_REPORT_MANIFEST,
    rolldownOptions: {
      // A script entry: the server writes the page's HTML itself (shared-page-html.ts), after
      // checking the token, and finds this build's files in the manifest.
      input: { 'shared-report': fileURLToPath(new URL('./src/web/shared-report-main.tsx', import.meta.url)) },
      // One file: the page arrives in one request.
      output: { codeSplitting: false },
    },
  },
});
