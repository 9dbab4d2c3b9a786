// Shared rate limits: with REDIS_URL every server counts in one Redis, so two servers
// give one budget, not two; with Redis gone the rate limits fail open (logged) while the password
// lockouts count on each server, and no request hangs.
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { uniqueEmail } from '../test-support/test-client.js';
import { RATE_LIMITS } from './rate-limit-rules.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function start(options: Parameters<typeof startTestApp>[0]): Promise<TestApp> {
  const app = await startTestApp(options);
  apps.push(app);
  return app;
}

const bogusLogin = (app: TestApp, address: string) =>
  app.client({ address }).post<{ message: string }>('/api/login', { email: uniqueEmail('nobody'), password: 'guess' });

describe('rate limits in Redis (REDIS_URL)', () => {
  it('gives two servers one budget: the attempts on one count on the other', async () => {
    const rateLimitKeyPrefix = `cleanproof-test:${randomUUID()}:`;
    const [a, b] = [await start({ env: { REDIS_URL }, rateLimitKeyPrefix }), await start({ env: { REDIS_URL }, rateLimitKeyPrefix })];
    const address = '203.0.113.90';
    const { max } = RATE_LIMITS.loginPerAddress;
    for (let i = 0; i < max; i++) expect((await bogusLogin(i % 2 ? a : b, address)).status).toBe(401);
    for (const server of [a, b]) {
      const refused = await bogusLogin(server, address);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('lets requests through, and logs it, when Redis cannot be reached; no request waits on it', async () => {
    const closed = await closedPort();
    const lines: string[] = [];
    const log = new PassThrough();
    log.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const app = await start({ env: { REDIS_URL: `redis://127.0.0.1:${closed}`, LOG_LEVEL: 'warn' }, logStream: log });
    const address = '203.0.113.91';
    // Well past the budget, and every request answered normally: the limit fails open.
    for (let i = 0; i < RATE_LIMITS.loginPerAddress.max + 5; i++) expect((await bogusLogin(app, address)).status).toBe(401);
    expect(lines.join('')).toMatch(/rate-limit store unavailable|rate-limit Redis unavailable/);
  });

  it('keeps the password lockouts when Redis cannot be reached: each server counts the guesses itself', async () => {
    const closed = await closedPort();
    const app = await start({ env: { REDIS_URL: `redis://127.0.0.1:${closed}` } });
    const address = '203.0.113.93';
    const burst = 20;
    const answers = await Promise.all(Array.from({ length: burst }, (_, i) => app.client({ address }).post('/api/admin/verify', { password: `guess-${i}` })));
    const { max } = RATE_LIMITS.adminVerifyFailuresPerAddress;
    expect(answers.filter((answer) => answer.status === 401).length).toBe(max);
    expect(answers.filter((answer) => answer.status === 429).length).toBe(burst - max);
  });

  it('does not hang when Redis accepts the connection but never answers', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as net.AddressInfo).port;
      const app = await start({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
      for (let i = 0; i < 3; i++) expect((await bogusLogin(app, '203.0.113.92')).status).toBe(401);
    } finally {
      silent.close();
    }
  });
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
