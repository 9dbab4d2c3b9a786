// The one API client, against a real local HTTP server (spec §7, §8).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestHttpServer, type TestHttpServer } from '../../server/test-support/recording-http-server';
import { installMemoryLocalStorage } from '../../server/test-support/memory-local-storage';
import { ApiError, apiGet, apiRequest, clearAuthToken, describeError, setAuthToken } from './api-client';

let server: TestHttpServer;
beforeAll(async () => {
  server = await startTestHttpServer();
  installMemoryLocalStorage();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  clearAuthToken();
  server.received.length = 0;
});

describe('api client', () => {
  it('sends JSON bodies and the bearer token from localStorage when there is one', async () => {
    server.respondWith({ status: 200, body: '{"id":7}', contentType: 'application/json' });
    expect(await (await apiRequest('POST', `${server.url}/api/projects`, { clientName: '' })).json()).toEqual({ id: 7 });
    setAuthToken('token-123');
    await apiGet(`${server.url}/api/user`);

    const [first, second] = server.received;
    expect(first).toMatchObject({ method: 'POST', path: '/api/projects', body: '{"clientName":""}' });
    expect(first?.headers['content-type']).toBe('application/json');
    expect(first?.headers.authorization).toBeUndefined();
    expect(second?.headers.authorization).toBe('Bearer token-123');
  });

  it('turns a failed response into an error whose text is "status: body text"', async () => {
    server.respondWith({ status: 409, body: '{"message":"An account with this email already exists."}', contentType: 'application/json' });
    const error = await apiRequest('POST', `${server.url}/api/register`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"An account with this email already exists."}');
    expect((error as ApiError).status).toBe(409);
    expect(describeError(error, 'fallback')).toBe('An account with this email already exists.');
  });

  it('uses the status text when the body is empty', async () => {
    server.respondWith({ status: 503 });
    const error = await apiGet(`${server.url}/api/user`).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect(describeError(error, 'Please try again.')).toBe('Please try again.');
  });

  it('sends a Blob as raw bytes with its own content type', async () => {
    server.respondWith({ status: 201, body: '{}', contentType: 'application/json' });
    await apiRequest('POST', `${server.url}/api/projects/1/photos?type=before`, new Blob(['jpeg bytes'], { type: 'image/jpeg' }));
    expect(server.received[0]?.headers['content-type']).toBe('image/jpeg');
    expect(server.received[0]?.body).toBe('jpeg bytes');
  });
});
