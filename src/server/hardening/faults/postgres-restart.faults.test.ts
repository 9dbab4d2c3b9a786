// Faults: PostgreSQL stops under a running server and comes back. While it is down,
// requests get a clear 503 { message } and /readyz says the server is not ready; once
// it is up they succeed again, with the same session, without restarting the server. Runs on a private throwaway cluster, never the shared :5432.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';
import { Session, startServer, type ServerProcess } from './server-process.js';

let postgres: PrivatePostgres | undefined;
let server: ServerProcess | undefined;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-pgrestart-'));

afterAll(async () => {
  await server?.kill('SIGKILL');
  await postgres?.destroy();
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('answers 503 with a clear message while PostgreSQL is down and recovers on its own', async () => {
  postgres = await startPrivatePostgres();
  const databaseUrl = await postgres.createDatabase('cleanproof_restart');
  server = await startServer({ dataDir, databaseUrl });
  const user = new Session(server.url);
  expect(
    (
      await user.request('POST', '/api/register', {
        email: 'down@example.com',
        password: 'correct horse',
        confirmPassword: 'correct horse',
        businessName: 'Down Test',
      })
    ).status,
  ).toBe(201);
  const created = await user.request('POST', '/api/projects', { clientName: 'Before the outage' });
  expect(created.status).toBe(201);

  const readiness = () =>
    fetch(`${server!.url}/readyz`).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { status: string; reason?: string },
    }));
  expect((await readiness()).status).toBe(200);

  await postgres.stop();
  const notReady = await readiness();
  expect(notReady.status).toBe(503);
  // A short reason only: the driver's error text (hosts, ports) goes to the log, not to the probe.
  expect(notReady.body.reason).toBe('database unavailable');
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  const whileDown = [
    await user.request('GET', '/api/user'),
    await user.request('GET', '/api/projects'),
    await user.request('POST', '/api/projects', { clientName: 'During the outage' }),
    await new Session(server.url).request('POST', '/api/login', { email: 'down@example.com', password: 'correct horse' }),
  ];
  for (const response of whileDown) {
    expect(response.status, response.text).toBe(503);
    expect((response.json as { message: string }).message).toMatch(/temporarily unavailable/i);
  }

  await postgres.start();
  // The pool reconnects on the next request; give it a few tries (connections die on restart).
  let recovered = await user.request('GET', '/api/user');
  for (let i = 0; i < 50 && recovered.status !== 200; i += 1) {
    expect(recovered.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 200));
    recovered = await user.request('GET', '/api/user');
  }
  expect(recovered.status).toBe(200);
  expect((await readiness()).status).toBe(200);
  const list = await user.request('GET', '/api/projects');
  expect(list.status).toBe(200);
  const names = (list.json as { clientName: string }[]).map((p) => p.clientName);
  expect(names).toEqual(['Before the outage']); // the refused create left nothing behind
  expect((await user.request('POST', '/api/projects', { clientName: 'After the outage' })).status).toBe(201);
  expect(server.output()).not.toMatch(/unhandled error/);
}, 300_000);
