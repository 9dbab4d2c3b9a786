import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Project, ProjectSummary } from '../../shared/contract/projects.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser } from '../test-support/test-client.js';
import { deleteOldProjectCreateKeys, PROJECT_CREATE_KEY_KEEP_MS } from './project-create-keys.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Client = ReturnType<TestApp['client']>;
const create = (client: Client, key: string, body: object = {}) =>
  client.post<Project & { code?: string; message?: string }>('/api/projects', body, { headers: { 'idempotency-key': key } });
const list = async (client: Client) => (await client.get<ProjectSummary[]>('/api/projects')).body;
const keyRows = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from project_create_keys`))[0]?.n;

describe('Idempotency-Key on POST /api/projects', () => {
  it('makes the report on the first request (201) and answers a repeat with the same report (200), making one', async () => {
    const client = t.client();
    await registerUser(client);
    const key = randomUUID();
    const first = await create(client, key, { clientName: 'Basement Flat 2' });
    expect(first.status).toBe(201);
    const repeat = await create(client, key, { clientName: 'Basement Flat 2' });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect((await list(client)).map((project) => project.id)).toEqual([first.body.id]);
  });

  it('makes one report for 5 concurrent repeats of one key', async () => {
    const client = t.client();
    await registerUser(client);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(client, key)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await list(client)).toHaveLength(1);
  }, 60_000);

  it('keeps keys per user: the same key from another user makes their own report', async () => {
    const key = randomUUID();
    const [one, two] = [t.client(), t.client()];
    await registerUser(one);
    await registerUser(two);
    const mine = await create(one, key);
    const theirs = await create(two, key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await list(two)).toHaveLength(1);
  });

  it('makes a new report for each request without a key, as before', async () => {
    const client = t.client();
    await registerUser(client);
    expect((await client.post('/api/projects', {})).status).toBe(201);
    expect((await client.post('/api/projects', {})).status).toBe(201);
    expect(await list(client)).toHaveLength(2);
  });

  it('does not bring back a report deleted since: a repeat is a 404 and makes nothing', async () => {
    const client = t.client();
    await registerUser(client);
    const key = randomUUID();
    const first = await create(client, key);
    expect((await client.delete(`/api/projects/${first.body.id}`)).status).toBe(200);
    const repeat = await create(client, key);
    expect(repeat.status).toBe(404);
    expect(repeat.body.code).toBe('project_not_found');
    expect(await list(client)).toEqual([]);
  });

  it('refuses a malformed key with a 400 and makes nothing', async () => {
    const client = t.client();
    await registerUser(client);
    const keysBefore = await keyRows();
    const answer = await create(client, Buffer.from('clé-ünïcode', 'utf8').toString('latin1'));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/Idempotency-Key/);
    expect(await list(client)).toEqual([]);
    expect(await keyRows()).toBe(keysBefore);
  });

  it('forgets keys after the keeping time: the sweep deletes only older ones', async () => {
    const client = t.client();
    await registerUser(client);
    await create(client, randomUUID());
    const before = await keyRows();
    expect(await deleteOldProjectCreateKeys(t.db, new Date(Date.now() + PROJECT_CREATE_KEY_KEEP_MS - 60_000))).toBe(0);
    expect(await keyRows()).toBe(before);
    expect(await deleteOldProjectCreateKeys(t.db, new Date(Date.now() + PROJECT_CREATE_KEY_KEEP_MS + 60_000))).toBeGreaterThan(0);
  });
});
