// Every error carries a stable `code` beside the English `message`, so the web can say it in the
// user's language and decide by it; API clients keep reading `message`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser } from '../test-support/test-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type ErrorBody = { message: string; code?: string; state?: string };

describe('error codes', () => {
  it('names a form validation error (400), keeping the English message', async () => {
    const response = await t
      .client()
      .post<ErrorBody>('/api/register', { email: 'not-an-email', password: 'correct horse', confirmPassword: 'correct horse', businessName: 'Sol' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Please enter a valid email address', code: 'email_invalid' });
  });

  it('names a wrong sign-in (401), a taken email (409) and an unknown report (404)', async () => {
    const client = t.client();
    const { email } = await registerUser(client);
    const login = await t.client().post<ErrorBody>('/api/login', { email, password: 'wrong password' });
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ message: 'Invalid email or password', code: 'invalid_login' });

    const again = await t
      .client()
      .post<ErrorBody>('/api/register', { email, password: 'correct horse', confirmPassword: 'correct horse', businessName: 'Sol' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('duplicate_email');
    expect(again.body.message).toBe('An account with this email already exists. Please sign in instead.');

    const missing = await client.get<ErrorBody>('/api/projects/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Project not found', code: 'project_not_found' });
  });

  it('names a signed-out request (401), an unknown API route (404) and a body that is not JSON (400)', async () => {
    const signedOut = await t.client().get<ErrorBody>('/api/projects');
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ code: 'not_signed_in', message: 'You are not signed in. Please sign in again.' });

    const noRoute = await t.client().get<ErrorBody>('/api/openapi.json/nothing');
    expect(noRoute.status).toBe(404);
    expect(noRoute.body).toEqual({ code: 'route_not_found', message: 'No API route GET /api/openapi.json/nothing' });

    const broken = await t.client().request<ErrorBody>('POST', '/api/login', undefined, { raw: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ code: 'body_invalid_json', message: 'The request body is not valid JSON.' });
  });

  it('names a zod problem of its own by the field (400)', async () => {
    const client = t.client();
    await registerUser(client);
    const project = await client.post<{ id: number }>('/api/projects', { clientName: 'Sol', description: '' });
    const pair = await client.post<ErrorBody>(`/api/projects/${project.body.id}/photo-pairs`, { beforePhotoId: 'one', afterPhotoId: 2 });
    expect(pair.status).toBe(400);
    expect(pair.body).toEqual({ code: 'photo_id_invalid', message: 'beforePhotoId must be a photo id' });
  });
});
