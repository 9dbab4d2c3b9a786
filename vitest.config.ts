import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Web code imports shared code as '@shared/...' (as in vite.config.ts).
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)), '@pdf': fileURLToPath(new URL('./src/pdf', import.meta.url)) } },
  test: {
    projects: [
      {
        // extends: the projects inherit the '@shared' alias above.
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          // Every English word loaded, as the app has them once a screen beyond the first has loaded.
          setupFiles: ['src/web/lib/i18n/test-setup.ts'],
          exclude: ['src/**/*.api.test.ts', 'src/**/*.faults.test.ts', 'src/**/*.prod.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts'],
          environment: 'node',
          // One migrated PGlite folder for the run, copied for each test app.
          globalSetup: ['src/server/test-support/pglite-template.global.ts'],
          testTimeout: 60_000,
          // PGlite takes ~3 s to start on an idle machine, far longer on a loaded one.
          hookTimeout: 180_000,
          // 2 cores: PGlite instances are heavy; two files at a time keeps the machine responsive.
          maxWorkers: 2,
          // vitest 4: projects with different maxWorkers must run as separate groups (unit first).
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Fault tests (README "Hardening"): real server processes killed and restarted, a private
        // PostgreSQL cluster stopped and started. One file at a time.
        extends: true,
        test: {
          name: 'faults',
          include: ['src/**/*.faults.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // The production start (npm run test:prod-start, after a build): a clean copy of the
        // repository, npm ci --omit=dev, npm run start:prod.
        extends: true,
        test: {
          name: 'prod-start',
          include: ['src/**/*.prod.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // npm ci and PGlite's first start, on a loaded 2-core machine.
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
