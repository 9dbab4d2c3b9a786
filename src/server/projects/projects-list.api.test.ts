import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../shared/contract/clients.js';
import type { ProjectSummary } from '../../shared/contract/projects.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import type { TestClient } from '../test-support/test-client.js';
import { createProject, signedInOwner } from '../test-support/project-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = () => signedInOwner(t);

async function list(client: TestClient, query: string): Promise<ProjectSummary[]> {
  const response = await client.get<ProjectSummary[]>(`/api/projects${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('paging the reports list', () => {
  it('pages newest first by id, and misses or repeats no report while new ones are made between pages', async () => {
    const client = await signedIn();
    const made: number[] = [];
    for (let i = 0; i < 7; i += 1) made.push((await createProject(client, { clientName: `Client ${i}` })).id);

    const seen: number[] = [];
    let page = await list(client, '?limit=3');
    expect(page.map((p) => p.id)).toEqual(made.slice(-3).reverse());
    while (page.length > 0) {
      seen.push(...page.map((p) => p.id));
      // A report made meanwhile belongs above the first page, never inside the next one.
      await createProject(client, { clientName: 'Made while scrolling' });
      page = await list(client, `?limit=3&before=${page.at(-1)?.id}`);
    }
    expect(seen).toEqual([...made].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('still answers the whole array without a query, each summary with its clientId', async () => {
    const client = await signedIn();
    for (let i = 0; i < 3; i += 1) await createProject(client);
    const whole = await list(client, '');
    expect(whole).toHaveLength(3);
    expect(whole[0]).toMatchObject({ clientId: null, photoCount: 0, pairCount: 0 });
  });

  it('refuses a bad limit, before or clientId with a 400 naming it', async () => {
    const client = await signedIn();
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=abc', 'limit'],
      ['?before=-1', 'before'],
      ['?clientId=x', 'clientId'],
      [`?q=${'a'.repeat(101)}`, 'q'],
    ] as const) {
      const response = await client.get<{ message: string }>(`/api/projects${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.message).toContain(field);
    }
  });
});

describe('searching the reports list', () => {
  it('ignores case and accents and finds a few letters of a word, in client name or description', async () => {
    const client = await signedIn();
    const jose = await createProject(client, { clientName: 'José Álvarez', description: 'Kitchen' });
    const riverside = await createProject(client, { clientName: 'RIVERSIDE Offices', description: '' });
    const window = await createProject(client, { clientName: 'Acme', description: 'Ventanas y cristalería' });
    await createProject(client, { clientName: 'Someone else', description: 'Nothing to see' });

    expect((await list(client, '?q=jose')).map((p) => p.id)).toEqual([jose.id]);
    expect((await list(client, '?q=ALVAREZ')).map((p) => p.id)).toEqual([jose.id]);
    expect((await list(client, '?q=riv')).map((p) => p.id)).toEqual([riverside.id]);
    expect((await list(client, '?q=cristaleria')).map((p) => p.id)).toEqual([window.id]);
    expect((await list(client, '?q=%25')).map((p) => p.id)).toEqual([]);
    expect((await list(client, '?q=zzz')).map((p) => p.id)).toEqual([]);
    // Blank search is no search.
    expect(await list(client, '?q=%20%20')).toHaveLength(4);
  });

  it('searches only the signed-in account’s reports', async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    await createProject(theirs, { clientName: 'Unique Zebra Laundry' });
    expect(await list(mine, '?q=zebra')).toEqual([]);
  });

  it('pages through search results', async () => {
    const client = await signedIn();
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await createProject(client, { clientName: `Harbour ${i}` })).id);
    await createProject(client, { clientName: 'Elsewhere' });
    const first = await list(client, '?q=harb&limit=3');
    const second = await list(client, `?q=harb&limit=3&before=${first.at(-1)?.id}`);
    expect([...first, ...second].map((p) => p.id)).toEqual([...ids].reverse());
  });
});

describe('reports of one client', () => {
  it('filters by clientId; a new report for a client takes their name unless given one', async () => {
    const client = await signedIn();
    const acme = (await client.post<Client>('/api/clients', { name: 'Acme Ltd' })).body;
    const other = (await client.post<Client>('/api/clients', { name: 'Other' })).body;
    const first = await createProject(client, { clientId: acme.id });
    const second = await createProject(client, { clientId: acme.id, clientName: 'Acme HQ' });
    await createProject(client, { clientId: other.id });
    await createProject(client, { clientName: 'Acme Ltd' });
    expect(first).toMatchObject({ clientId: acme.id, clientName: 'Acme Ltd' });
    expect(second).toMatchObject({ clientId: acme.id, clientName: 'Acme HQ' });
    expect((await list(client, `?clientId=${acme.id}`)).map((p) => p.id)).toEqual([second.id, first.id]);
    expect((await list(client, `?clientId=${acme.id}&limit=1`)).map((p) => p.id)).toEqual([second.id]);
    expect((await list(client, `?clientId=${acme.id}&q=hq`)).map((p) => p.id)).toEqual([second.id]);
  });

  it('links and unlinks a report with PATCH; the name it was sent under stays', async () => {
    const client = await signedIn();
    const acme = (await client.post<Client>('/api/clients', { name: 'Acme Ltd' })).body;
    const report = await createProject(client, { clientName: 'Typed by hand' });
    const linked = await client.patch<ProjectSummary>(`/api/projects/${report.id}`, { clientId: acme.id });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ clientId: acme.id, clientName: 'Typed by hand' });
    const unlinked = await client.patch<ProjectSummary>(`/api/projects/${report.id}`, { clientId: null });
    expect(unlinked.body).toMatchObject({ clientId: null, clientName: 'Typed by hand' });
  });

  it('treats another account’s client as not found when creating or linking', async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const foreign = (await theirs.post<Client>('/api/clients', { name: 'Not yours' })).body;
    const created = await mine.post('/api/projects', { clientId: foreign.id });
    expect(created.status).toBe(404);
    const report = await createProject(mine);
    const linked = await mine.patch(`/api/projects/${report.id}`, { clientId: foreign.id });
    expect(linked.status).toBe(404);
    expect((await list(mine, `?clientId=${foreign.id}`)).length).toBe(0);
  });
});
