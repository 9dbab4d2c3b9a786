import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileCatalogues } from './scripts/vite-catalogues-plugin';

/** What both web builds share: the app (this file) and the client link's page (vite.shared-report.config.ts). */
export const webBuildBase = {
  root: 'src/web',
  plugins: [compileCatalogues(), react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@pdf': fileURLToPath(new URL('./src/pdf', import.meta.url)),
    },
  },
  build: { outDir: '../../dist/web', target: 'es2022', sourcemap: true },
} satisfies UserConfig;

/**
 * The service worker (src/web/sw.ts, docs/decisions/018-offline-app.md): built by vite-plugin-pwa
 * with the list of this build's files injected, so the app opens with no signal. The app
 * registers it itself (lib/service-worker.ts), after the first screen, and keeps its own manifest
 * (public/manifest.webmanifest).
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: '.',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    // The app's shell: its scripts, styles and icons (its text is in the system's fonts). Not the
    // PDF maker and its fonts (3.7 MB: Export needs a connection anyway, for the photos), nor the
    // client link's page (built after this one, into the same folder), nor source maps.
    globPatterns: ['index.html', 'assets/*.{js,css}', '*.{png,svg,webmanifest}'],
    globIgnores: ['assets/shared-report*', 'assets/report-layout*', 'assets/report-pdf.worker*'],
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    sourcemap: false,
  },
});

export default defineConfig({
  ...webBuildBase,
  plugins: [...webBuildBase.plugins, serviceWorker],
  build: {
    ...webBuildBase.build,
    // KEEP_WEB_BUILD=1 keeps earlier hashed files, so a server already serving dist/web is not broken by a rebuild.
    emptyOutDir: process.env.KEEP_WEB_BUILD !== '1',
    rolldownOptions: {
      output: {
        // Everything the first screen needs in one chunk: on a slow phone connection each extra
        // request costs a round trip before the page can paint (LCP).
        codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
});
