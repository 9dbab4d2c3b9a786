// What the crew (issue 24: businesses, roles, takenBy) costs on the two hottest member calls:
// GET /api/projects/{id} and a photo upload. This checkout's built server and a previous main's,
// side by side in one run, each as production starts it (node dist/server/main.js, PGlite in a
// fresh DATA_DIR), over real HTTP; the calls alternate between the two so both see the same noise.
//   git worktree add /tmp/cleanproof-prev <previous main> && ln -s "$PWD/node_modules" /tmp/cleanproof-prev/
//   (cd /tmp/cleanproof-prev && npm run build:server) && npm run build:server
//   BASELINE_DIR=/tmp/cleanproof-prev npx tsx bench/crew-overhead.ts
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makePhotoJpeg } from '../src/server/test-support/photo-fixtures.js';
import { median, printTable } from './bench-support.js';

const BASELINE_DIR = process.env.BASELINE_DIR;
if (!BASELINE_DIR) throw new Error('Set BASELINE_DIR to a built checkout of the previous main (see the comment at the top).');
const ROUNDS = Number(process.env.ROUNDS ?? 150);
const REPORT_PHOTOS = 40;

interface Server {
  name: string;
  url: string;
  child: ChildProcess;
  cookie: string;
  projectId: number;
}

async function start(name: string, dir: string, port: number): Promise<Omit<Server, 'cookie' | 'projectId'>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `crew-bench-${name}-`));
  const child = spawn(process.execPath, [path.join(dir, 'dist/server/main.js')], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-admin-password-0123' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 600) throw new Error(`${name} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { name, url, child };
}

async function signIn(server: Omit<Server, 'cookie' | 'projectId'>): Promise<Server> {
  const register = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${server.name}@example.com`, password: 'correct horse', confirmPassword: 'correct horse', businessName: 'Bench Co' }),
  });
  if (register.status !== 201) throw new Error(`${server.name}: register ${register.status}`);
  const cookie = register.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const created = await fetch(`${server.url}/api/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ clientName: 'Bench job' }),
  });
  const { id } = (await created.json()) as { id: number };
  return { ...server, cookie, projectId: id };
}

async function timed(run: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await run();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return performance.now() - started;
}

const upload = (server: Server, jpeg: Buffer, type: 'before' | 'after') =>
  fetch(`${server.url}/api/projects/${server.projectId}/photos?type=${type}`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg', cookie: server.cookie },
    body: new Uint8Array(jpeg),
  });
const whoAmI = (server: Server) => fetch(`${server.url}/api/user`, { headers: { cookie: server.cookie } });
const openReport = (server: Server) => fetch(`${server.url}/api/projects/${server.projectId}?images=url`, { headers: { cookie: server.cookie } });

const servers: Server[] = [];
try {
  servers.push(await signIn(await start('previous', BASELINE_DIR, 5301)));
  servers.push(await signIn(await start('crew', process.cwd(), 5302)));
  const jpegs = await Promise.all(Array.from({ length: 8 }, (_, i) => makePhotoJpeg(1024, 768, { seed: 500 + i, quality: 60 })));
  console.log(`Filling each report with ${REPORT_PHOTOS} photos…`);
  for (const server of servers) for (let i = 0; i < REPORT_PHOTOS; i++) await timed(() => upload(server, jpegs[i % jpegs.length]!, i % 2 ? 'after' : 'before'));
  // Warm both (JIT, caches), then measure in alternating order.
  for (let i = 0; i < 20; i++) for (const server of servers) await timed(() => openReport(server));

  const samples = new Map(servers.map((server) => [server.name, { user: [] as number[], open: [] as number[], upload: [] as number[] }]));
  const uploads = Math.min(ROUNDS, 200);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...servers].reverse() : servers;
    for (const server of order) samples.get(server.name)!.user.push(await timed(() => whoAmI(server)));
    for (const server of order) samples.get(server.name)!.open.push(await timed(() => openReport(server)));
    if (round < uploads)
      for (const server of order) samples.get(server.name)!.upload.push(await timed(() => upload(server, jpegs[round % jpegs.length]!, 'before')));
  }
  const [previous, crew] = servers.map((server) => samples.get(server.name)!);
  const row = (what: string, before: number[], after: number[]) => {
    const [a, b] = [median(before), median(after)];
    return [what, `${a.toFixed(2)} ms`, `${b.toFixed(2)} ms`, `${((b / a - 1) * 100).toFixed(1)}%`];
  };
  console.log(`\n${ROUNDS} rounds (p50; the budget is +5%):`);
  printTable(
    ['call', 'previous main', 'with the crew', 'change'],
    [
      row('GET /api/user (the session and the member)', previous!.user, crew!.user),
      row(`GET /api/projects/{id}?images=url (${REPORT_PHOTOS} photos)`, previous!.open, crew!.open),
      row('POST /api/projects/{id}/photos (1024x768 JPEG)', previous!.upload, crew!.upload),
    ],
  );
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
}
