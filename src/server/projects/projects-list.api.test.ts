import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../shared/contract/clients.js';
import type { ProjectSummary } from '../../shared/contract/projects.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import type { TestClient } from '../test-support/test-client.js';
import { createProject, signedInOwner } from '../test-support/project-helpers.js';
import { startCrew } from '../test-support/crew-helpers.js';

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
    expect((await list(client, '?q=_')).map((p) => p.id)).toEqual([]);
    expect((await list(client, '?q=zzz')).map((p) => p.id)).toEqual([]);
    // Blank search is no search.
    expect(await list(client, '?q=%20%20')).toHaveLength(4);
  });

  it('finds one or two letters anywhere in a name or description, ignoring case and accents', async () => {
    const client = await signedIn();
    const zoe = await createProject(client, { clientName: 'Zoë Café', description: 'Oven' });
    const bjorn = await createProject(client, { clientName: 'Björn Lofts', description: 'Windows' });
    const acme = await createProject(client, { clientName: 'ACME', description: 'Move-out' });
    const ids = async (query: string) => (await list(client, query)).map((p) => p.id);
    // Too short for a trigram: still the same "contains", newest first, a page at a time.
    expect(await ids('?q=%C3%AB&limit=30')).toEqual([acme.id, zoe.id]); // ë finds every e
    expect(await ids('?q=F%C3%89&limit=30')).toEqual([zoe.id]); // FÉ finds "Café"
    expect(await ids('?q=%C3%96&limit=30')).toEqual([acme.id, bjorn.id, zoe.id]); // Ö finds every o
    expect(await ids('?q=jo&limit=30')).toEqual([bjorn.id]);
    expect(await ids('?q=e&limit=1')).toEqual([acme.id]);
    expect(await ids(`?q=e&limit=1&before=${acme.id}`)).toEqual([zoe.id]);
    expect(await ids('?q=oe')).toEqual([zoe.id]);
    expect(await ids('?q=xq')).toEqual([]);
  });

  it('finds a report by its changed name or description, and no longer by the old one', async () => {
    const client = await signedIn();
    const report = await createProject(client, { clientName: 'Maple Dental', description: 'Weekly' });
    const changed = await client.patch<ProjectSummary>(`/api/projects/${report.id}`, { clientName: 'Cedar Clinic', description: 'Après travaux' });
    expect(changed.status).toBe(200);
    expect((await list(client, '?q=maple&limit=30')).map((p) => p.id)).toEqual([]);
    expect((await list(client, '?q=weekly&limit=30')).map((p) => p.id)).toEqual([]);
    expect((await list(client, '?q=cedar&limit=30')).map((p) => p.id)).toEqual([report.id]);
    expect((await list(client, '?q=apres&limit=30')).map((p) => p.id)).toEqual([report.id]);
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

  it('pages through search results, missing or repeating none while matching reports are made between pages', async () => {
    const client = await signedIn();
    const matching: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      matching.push((await createProject(client, { clientName: `Quay Studio ${i}` })).id);
      await createProject(client, { clientName: `Elsewhere ${i}` });
    }
    const seen: number[] = [];
    let page = await list(client, '?q=quay&limit=3');
    while (page.length > 0) {
      seen.push(...page.map((p) => p.id));
      // Made meanwhile, matching or not: above the first page, never inside the next one.
      await createProject(client, { clientName: 'Quay Studio, made while scrolling' });
      await createProject(client, { clientName: 'Not this one' });
      page = await list(client, `?q=quay&limit=3&before=${page.at(-1)?.id}`);
    }
    expect(seen).toEqual([...matching].reverse());
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

describe('a cleaner’s pages', () => {
  it('hold only the reports they made or are assigned, searched, paged and by client alike', async () => {
    const { owner, cleaner } = await startCrew(t);
    const acme = (await owner.client.post<Client>('/api/clients', { name: 'Acme Offices' })).body;
    const assigned = await createProject(owner.client, { clientId: acme.id, description: 'Deep clean' });
    await owner.client.patch(`/api/projects/${assigned.id}`, { assigneeId: cleaner.user.id });
    const notTheirs = await createProject(owner.client, { clientId: acme.id, description: 'Deep clean' });
    const own = await createProject(cleaner.client, { clientName: 'Acme Offices', description: 'Deep clean, upstairs' });
    const ids = async (client: TestClient, query: string) => (await list(client, query)).map((p) => p.id);

    expect(await ids(cleaner.client, '?limit=30')).toEqual([own.id, assigned.id]);
    expect(await ids(cleaner.client, '?limit=1')).toEqual([own.id]);
    expect(await ids(cleaner.client, `?limit=1&before=${own.id}`)).toEqual([assigned.id]);
    expect(await ids(cleaner.client, '?q=deep&limit=30')).toEqual([own.id, assigned.id]);
    expect(await ids(cleaner.client, '?q=de&limit=30')).toEqual([own.id, assigned.id]);
    expect(await ids(cleaner.client, '?q=upstairs')).toEqual([own.id]);
    expect(await ids(cleaner.client, `?clientId=${acme.id}&limit=30`)).toEqual([assigned.id]);
    expect(await ids(cleaner.client, `?clientId=${acme.id}&q=clean`)).toEqual([assigned.id]);
    expect(await ids(owner.client, '?q=deep&limit=30')).toEqual([own.id, notTheirs.id, assigned.id]);
  });
});
