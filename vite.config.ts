import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
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

export default defineConfig({
  ...webBuildBase,
  build: {
    ...webBuildBase.build,
    // KEEP_WEB_BUILD=1 keeps earlier hashed files, so a server already serving dist/web is not broken by a rebuild.
    emptyOutDir: process.env.KEEP_WEB_BUILD !== '1',
    rolldownOptions: {
      output: {
        // Everything the first screen needs in one chunk: on a slow phone connection each extra
        // request costs a round trip before the page can paint (issue 16: LCP).
        codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
});
