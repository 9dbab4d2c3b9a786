// Issue 12 "Production start without dev tools": from a clean copy of the repository plus the built
// dist/, `npm ci --omit=dev && npm run start:prod` serves the web app and the API. This is the path
// the Dockerfile takes, tested here without containers (this machine has no Docker daemon).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './hardening/faults/private-postgres.js';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Only what a machine gives every process: nothing of the developer's own configuration leaks in. */
function bareEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
}

/** What a clone would hold (tracked and new, not ignored, files as they are on disk), plus dist/. */
async function copyRepositoryWithBuild(target: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter(Boolean)) {
    const source = path.join(REPO_ROOT, file);
    if (!fs.existsSync(source)) continue; // deleted in the work tree, not yet in a commit
    await fsp.mkdir(path.dirname(path.join(target, file)), { recursive: true });
    await fsp.copyFile(source, path.join(target, file));
  }
  await fsp.cp(path.join(REPO_ROOT, 'dist'), path.join(target, 'dist'), { recursive: true });
}

let copy = '';
let baseUrl = '';
let server: ChildProcess | undefined;
let serverOutput = '';
let serverExit: Promise<number | null> = Promise.resolve(null);

beforeAll(async () => {
  for (const built of ['dist/server/main.js', 'dist/web/index.html']) {
    if (!fs.existsSync(path.join(REPO_ROOT, built))) throw new Error(`${built} is missing: run npm run build first (npm run test:prod-start does)`);
  }
  copy = await fsp.mkdtemp(path.join(os.tmpdir(), 'cleanproof-prod-'));
  await copyRepositoryWithBuild(copy);
  await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: copy, env: bareEnvironment({}), maxBuffer: 16 * 1024 * 1024 });

  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn('npm', ['run', 'start:prod'], {
    cwd: copy,
    env: bareEnvironment({
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: path.join(copy, 'data'),
      ADMIN_PASSWORD: 'prod-start-admin-password',
      LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so afterAll can end whatever it left behind (a server npm did not stop).
    detached: true,
  });
  const started = server;
  started.stdout?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  started.stderr?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  serverExit = new Promise((resolve) => started.once('exit', (code) => resolve(code)));

  // PGlite's first start (migrations) takes seconds, far longer on a loaded 2-core machine.
  const deadline = Date.now() + 180_000;
  while (
    !(await fetch(`${baseUrl}/api/user`).then(
      () => true,
      () => false,
    ))
  ) {
    if (started.exitCode !== null) throw new Error(`npm run start:prod exited with ${started.exitCode}:\n${serverOutput}`);
    if (Date.now() > deadline) throw new Error(`npm run start:prod did not answer within 180 s:\n${serverOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

afterAll(async () => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // the group is already gone
    }
    await serverExit;
  }
  if (copy) await fsp.rm(copy, { recursive: true, force: true });
});

describe('npm ci --omit=dev && npm run start:prod, from a clean copy plus dist/', () => {
  it('installs none of the build and test tools', async () => {
    const { devDependencies } = JSON.parse(await fsp.readFile(path.join(copy, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    // @types/* hold no code; stripe and drizzle-orm depend on @types/node and @types/pg themselves.
    const tools = Object.keys(devDependencies).filter((name) => !name.startsWith('@types/'));
    expect(tools).toEqual(expect.arrayContaining(['vite', 'typescript', 'tsx', 'vitest']));
    const installed = tools.filter((name) => fs.existsSync(path.join(copy, 'node_modules', name)));
    expect(installed).toEqual([]);
  });

  it('serves the built web app at /, with the assets it references', async () => {
    const page = await fetch(`${baseUrl}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    const asset = await fetch(`${baseUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(await asset.text()).toBe(await fsp.readFile(path.join(copy, 'dist/web', script ?? ''), 'utf8'));

    // The hashed files share one metrics label: their names change with every build.
    const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/cleanproof_http_request_duration_seconds_count\{method="GET",route="\/assets\/\*",status_code="200"\} [1-9]/);
    expect(metrics).not.toContain(script);
  });

  it('answers the API: GET /api/user without a session is a JSON 401 with a message and its code', async () => {
    const response = await fetch(`${baseUrl}/api/user`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ code: 'not_signed_in', message: 'You are not signed in. Please sign in again.' });
  });

  it('stops on SIGTERM sent to npm, and the server process goes with it', async () => {
    server?.kill('SIGTERM');
    expect(await serverExit, serverOutput).toBe(0);
    const stillServing = await fetch(`${baseUrl}/api/user`).then(
      () => true,
      () => false,
    );
    expect(stillServing).toBe(false);
  });
});
