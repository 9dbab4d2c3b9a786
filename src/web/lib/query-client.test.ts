// The query client's defaults (spec §7), against a real local HTTP server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestHttpServer, type TestHttpServer } from '../../server/test-support/recording-http-server';
import { ApiError } from './api-client';
import { installMemoryLocalStorage } from '../../server/test-support/memory-local-storage';
import { createQueryClient, getQueryFn } from './query-client';

let server: TestHttpServer;
beforeAll(async () => {
  server = await startTestHttpServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.received.length = 0;
});

describe('query client', () => {
  it('GETs the path made by joining the key segments with "/"', async () => {
    server.respondWith({ status: 200, body: '{"id":42,"clientName":"Acme"}', contentType: 'application/json' });
    const data = await createQueryClient().fetchQuery({ queryKey: [`${server.url}/api/projects`, 42] });
    expect(data).toEqual({ id: 42, clientName: 'Acme' });
    expect(server.received.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/projects/42']);
  });

  it('turns a 401 into no user for the current-user lookup', async () => {
    server.respondWith({ status: 401, body: '{"message":"You are not signed in."}', contentType: 'application/json' });
    const user = await createQueryClient().fetchQuery({ queryKey: [`${server.url}/api/user`], queryFn: getQueryFn({ on401: 'returnNull' }) });
    expect(user).toBeNull();
  });

  it('throws on a 401 by default, and does not retry a failure', async () => {
    server.respondWith({ status: 401, body: '{"message":"You are not signed in."}', contentType: 'application/json' });
    const error = await createQueryClient()
      .fetchQuery({ queryKey: [`${server.url}/api/projects`] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"You are not signed in."}');
    server.respondWith({ status: 500, body: 'boom' });
    await createQueryClient()
      .fetchQuery({ queryKey: [`${server.url}/api/projects`] })
      .catch(() => undefined);
    expect(server.received).toHaveLength(2);
  });

  it('keeps data fresh forever: a second read is served from the cache', async () => {
    const client = createQueryClient();
    server.respondWith({ status: 200, body: '[]', contentType: 'application/json' });
    await client.fetchQuery({ queryKey: [`${server.url}/api/projects`] });
    await client.fetchQuery({ queryKey: [`${server.url}/api/projects`] });
    expect(server.received).toHaveLength(1);
    expect(client.getDefaultOptions().queries).toMatchObject({ retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity });
  });
});

describe('current-user lookup', () => {
  it('clears the stored token when the server says 401', async () => {
    const store = installMemoryLocalStorage({ authToken: 'stale-token' });
    const { currentUserQueryFn } = await import('./auth');
    const { setApiOrigin } = await import('./api');
    setApiOrigin(server.url);
    server.respondWith({ status: 401, body: '{"message":"You are not signed in."}', contentType: 'application/json' });
    const user = await createQueryClient().fetchQuery({ queryKey: ['current user'], queryFn: currentUserQueryFn });
    setApiOrigin('');
    expect(server.received[0]?.path).toBe('/api/user');
    expect(user).toBeNull();
    expect(server.received[0]?.headers.authorization).toBe('Bearer stale-token');
    expect(store.has('authToken')).toBe(false);
  });
});
