// The built server (npm run build, then what npm run start:prod runs) with a public APP_URL:
// it refuses to start, in one line naming the variable, unless the production
// variables are there; with them it starts and serves.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, serverCommand, startServer } from './server-process.js';

const PRODUCTION = {
  APP_URL: 'https://cleanproof.example',
  ADMIN_PASSWORD: 'a-long-admin-password-for-prod',
  SMTP_URL: 'smtp://mail.example.com:587',
  METRICS_TOKEN: 'a-long-metrics-token-for-prod',
};

let dataDir: string;
beforeAll(async () => {
  const built = await fs.stat(path.join(REPO_ROOT, 'dist/server/main.js')).then(
    () => true,
    () => false,
  );
  if (!built) throw new Error('dist/server/main.js is missing: run `npm run build` first (npm run test:faults does)');
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-prod-start-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Runs the built server and waits for it to exit (it must, quickly); returns its code and output. */
function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, serverCommand('built'), {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not refuse to start within 30 s:\n${stdout}${stderr}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

describe('production checks at start (public APP_URL)', () => {
  it.each([
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: '' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'only-15-chars!!' }],
    ['APP_URL', { APP_URL: 'http://cleanproof.example' }],
    ['SMTP_URL', { SMTP_URL: '' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: '' }],
    // Listening on every interface is public, whatever APP_URL says.
    ['HOST 0.0.0.0', { HOST: '0.0.0.0', APP_URL: 'http://localhost:5000' }],
  ])('refuses to start without %s, in one line naming it', async (variable, change) => {
    const { code, stderr, stdout } = await runUntilExit({ ...PRODUCTION, ...change });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(variable);
    // Nothing was served, and no admin password was printed.
    expect(stdout).not.toMatch(/admin password for this run/);
    expect(stdout).not.toMatch(/is serving/);
  });

  it('starts with the production variables (MAIL_OUTBOX=true in place of SMTP_URL), warning that PGlite suits one server', async () => {
    const server = await startServer({ dataDir, entry: 'built', env: { ...PRODUCTION, SMTP_URL: '', MAIL_OUTBOX: 'true' } });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(server.output()).toContain('PGlite database in DATA_DIR suits one server only');
      expect(server.output()).not.toMatch(/admin password for this run/);
      // No sandbox on a public server without BILLING_SANDBOX=true.
      expect((await fetch(`${server.url}/api/billing/sandbox/confirm`, { method: 'POST' })).status).toBe(404);
    } finally {
      expect(await server.kill('SIGTERM')).toBe(0);
    }
  });

  it('runs a HOST reachable from the network as a local server only with ALLOW_INSECURE_LOCAL=true, and logs that it does', async () => {
    const server = await startServer({ dataDir, entry: 'built', env: { HOST: '0.0.0.0', ALLOW_INSECURE_LOCAL: 'true' } });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(server.output()).toMatch(/ALLOW_INSECURE_LOCAL=true: HOST 0\.0\.0\.0 is reachable from the network, yet the server runs as a local one/);
    } finally {
      expect(await server.kill('SIGTERM')).toBe(0);
    }
  });
});
