import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

/** Debian's chromium by default; CHROMIUM_PATH to use another. Playwright's own download is not used. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromiumPath)) {
  throw new Error(`Chromium not found at ${chromiumPath}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`);
}

export const E2E_PORT = Number(process.env.E2E_PORT ?? 5055);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  // A stray test.only must not quietly shrink CI's run.
  forbidOnly: !!process.env.CI,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.ci-results/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: {
    // A fresh embedded database and photo folder for every run.
    command: `rm -rf ${E2E_DATA_DIR} && ${process.env.E2E_SERVER_CMD ?? 'node dist/server/main.js'}`,
    url: `http://127.0.0.1:${E2E_PORT}/api/login`,
    reuseExistingServer: false,
    // PGlite's first start (migrations) takes over a minute when the 2-core machine is busy.
    timeout: 180_000,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      APP_URL: `http://127.0.0.1:${E2E_PORT}`,
      ADMIN_PASSWORD: 'e2e-admin-password',
      LOG_LEVEL: 'warn',
      // As behind a reverse proxy: the tests give each new account its own client address
      // (e2e/support.ts registerThroughUi), so the per-address limits see many visitors, as in life.
      TRUST_PROXY: 'loopback',
    },
  },
});
