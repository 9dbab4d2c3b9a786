// /healthz, /readyz and /metrics on the real app.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser } from '../test-support/test-client.js';
import { createLocalFolderStore } from '../storage/local-folder-store.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('health and readiness', () => {
  it('answers /healthz and /readyz with 200 while the database and the photo store work', async () => {
    const health = await t.client().get<{ status: string }>('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await t.client().get<{ status: string }>('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('answers /readyz 503 with the reason when the photo store cannot be reached', async () => {
    // A folder inside a file: it can never be created, as when a mounted volume has gone.
    const broken = await startTestApp({ deps: { photoStore: createLocalFolderStore(path.join('/etc/hostname', 'photos')) } });
    try {
      const ready = await broken.client().get<{ status: string; reason: string }>('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('unavailable');
      // A short reason only: no path, host or driver message for whoever can reach the probe.
      expect(ready.body.reason).toBe('photo store unavailable');
      expect((await broken.client().get('/healthz')).status).toBe(200);
    } finally {
      await broken.close();
    }
  });

  it('answers /readyz 503 from the moment a shutdown begins, while still serving the request in hand', async () => {
    const draining = await startTestApp();
    try {
      draining.app.readiness.startDraining();
      const ready = await draining.client().get<{ status: string; reason: string }>('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', reason: 'shutting down' });
      expect((await draining.client().get('/healthz')).status).toBe(200);
    } finally {
      await draining.close();
    }
  });
});

describe('metrics', () => {
  it('serves Prometheus text with request durations by route, queues, refusals and process metrics', async () => {
    const client = t.client();
    await registerUser(client);
    await client.get('/api/projects');
    const metrics = await t.client().get<string>('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = metrics.text;
    expect(text).toMatch(/cleanproof_http_request_duration_seconds_count\{method="GET",route="\/api\/projects",status_code="200"\} [1-9]/);
    expect(text).toMatch(/cleanproof_http_request_duration_seconds_count\{method="POST",route="\/api\/register",status_code="201"\} [1-9]/);
    for (const name of [
      'cleanproof_photos_ingested_total',
      'cleanproof_pdf_builds_total',
      'cleanproof_rate_limit_refusals_total',
      'cleanproof_cpu_work_queue_length',
      'cleanproof_password_queue_length',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name}`);
    }
  });

  it('asks for METRICS_TOKEN as a bearer token when it is set', async () => {
    const token = 'metrics-token-for-the-test';
    const guarded = await startTestApp({ env: { METRICS_TOKEN: token } });
    try {
      const anonymous = await guarded.client().get<{ message: string }>('/metrics');
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(anonymous.body.message).toMatch(/METRICS_TOKEN/);
      expect((await guarded.client().get('/metrics', { headers: { authorization: `Bearer ${token}x` } })).status).toBe(401);
      const allowed = await guarded.client().get('/metrics', { headers: { authorization: `Bearer ${token}` } });
      expect(allowed.status).toBe(200);
      expect(allowed.text).toContain('cleanproof_http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });
});
