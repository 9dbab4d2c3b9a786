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

async function addClient(client: TestClient, body: Record<string, unknown>): Promise<Client> {
  const response = await client.post<Client>('/api/clients', body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

describe('clients', () => {
  it('creates a client with contact details and reads it back', async () => {
    const client = await signedIn();
    const created = await addClient(client, {
      name: '  Harbour View Hotel ',
      email: 'front@harbour.example',
      phone: '+1 (555) 010-2030',
      address: '1 Quay Street',
      notes: 'Key at reception',
    });
    expect(created).toMatchObject({
      name: 'Harbour View Hotel',
      email: 'front@harbour.example',
      phone: '+1 (555) 010-2030',
      address: '1 Quay Street',
      notes: 'Key at reception',
      reportCount: 0,
      lastReportAt: null,
    });
    expect((await client.get<Client>(`/api/clients/${created.id}`)).body).toEqual(created);
    const bare = await addClient(client, { name: 'Just a name' });
    expect(bare).toMatchObject({ email: null, phone: null, address: null, notes: null });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const client = await signedIn();
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'A', email: 'not-an-address' }, 'email'],
      [{ name: 'A', phone: 'call me' }, 'phone'],
      [{ name: 'A', phone: '555-0100 ext' }, 'phone'],
      [{ name: 'A', notes: 'x'.repeat(2001) }, 'notes'],
      [{ name: 'A', address: 7 }, 'address'],
    ] as const) {
      const response = await client.post<{ message: string }>('/api/clients', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toContain(field);
    }
    const created = await addClient(client, { name: 'A' });
    const patch = await client.patch<{ message: string }>(`/api/clients/${created.id}`, { email: 'nope' });
    expect(patch.status).toBe(400);
    expect(patch.body.message).toContain('email');
    expect((await client.patch(`/api/clients/${created.id}`, {})).status).toBe(400);
  });

  it('changes any field; blank or null clears a detail; renaming leaves past reports’ names alone', async () => {
    const client = await signedIn();
    const created = await addClient(client, { name: 'Old Name', phone: '555 0100' });
    const report = await createProject(client, { clientId: created.id });
    const changed = await client.patch<Client>(`/api/clients/${created.id}`, { name: 'New Name', phone: '', email: 'a@b.example' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'New Name', phone: null, email: 'a@b.example', reportCount: 1 });
    const kept = await client.get<ProjectSummary[]>(`/api/projects?clientId=${created.id}`);
    expect(kept.body).toMatchObject([{ id: report.id, clientName: 'Old Name' }]);
  });

  it('counts reports and lists clients most recently served first, searchable and paged', async () => {
    const client = await signedIn();
    const early = await addClient(client, { name: 'José Ñúñez' });
    const served = await addClient(client, { name: 'Riverside Gym' });
    const late = await addClient(client, { name: 'Late Added' });
    await createProject(client, { clientId: early.id });
    const newest = await createProject(client, { clientId: served.id });

    const all = (await client.get<Client[]>('/api/clients')).body;
    expect(all.map((c) => c.id)).toEqual([served.id, early.id, late.id]);
    expect(all[0]).toMatchObject({ reportCount: 1, lastReportAt: newest.createdAt });

    expect((await client.get<Client[]>('/api/clients?q=nunez')).body.map((c) => c.id)).toEqual([early.id]);
    expect((await client.get<Client[]>('/api/clients?q=RIV')).body.map((c) => c.id)).toEqual([served.id]);

    const first = (await client.get<Client[]>('/api/clients?limit=2')).body;
    const second = (await client.get<Client[]>(`/api/clients?limit=2&before=${first.at(-1)?.id}`)).body;
    expect([...first, ...second].map((c) => c.id)).toEqual([served.id, early.id, late.id]);
  });

  it('keeps the order and counts as reports move to another client, lose their client or are deleted', async () => {
    const client = await signedIn();
    const alpha = await addClient(client, { name: 'Alpha' });
    const beta = await addClient(client, { name: 'Beta' });
    const gamma = await addClient(client, { name: 'Gamma' });
    const first = await createProject(client, { clientId: alpha.id });
    const second = await createProject(client, { clientId: beta.id });
    const listed = async () => (await client.get<Client[]>('/api/clients')).body.map((c) => [c.name, c.reportCount, c.lastReportAt]);

    expect(await listed()).toEqual([
      ['Beta', 1, second.createdAt],
      ['Alpha', 1, first.createdAt],
      ['Gamma', 0, null],
    ]);
    // Moved: Beta has no report left and falls back to when it was added.
    expect((await client.patch(`/api/projects/${second.id}`, { clientId: alpha.id })).status).toBe(200);
    expect(await listed()).toEqual([
      ['Alpha', 2, second.createdAt],
      ['Gamma', 0, null],
      ['Beta', 0, null],
    ]);
    expect((await client.delete(`/api/projects/${second.id}`)).status).toBe(200);
    expect(await listed()).toEqual([
      ['Alpha', 1, first.createdAt],
      ['Gamma', 0, null],
      ['Beta', 0, null],
    ]);
    expect((await client.patch(`/api/projects/${first.id}`, { clientId: null })).status).toBe(200);
    expect(await listed()).toEqual([
      ['Gamma', 0, null],
      ['Beta', 0, null],
      ['Alpha', 0, null],
    ]);
    expect((await client.get<Client>(`/api/clients/${gamma.id}`)).body).toMatchObject({ reportCount: 0, lastReportAt: null });
  });

  it('finds a client by one or two letters, ignoring case and accents, and by a changed name only', async () => {
    const client = await signedIn();
    const zoe = await addClient(client, { name: 'Zoë Café' });
    const bjorn = await addClient(client, { name: 'Björn Lofts' });
    const names = async (q: string) => (await client.get<Client[]>(`/api/clients?limit=30&q=${encodeURIComponent(q)}`)).body.map((c) => c.name);
    expect(await names('Ë')).toEqual(['Zoë Café']);
    expect(await names('o')).toEqual(['Björn Lofts', 'Zoë Café']);
    expect(await names('fé')).toEqual(['Zoë Café']);
    expect(await names('_')).toEqual([]);
    expect((await client.patch(`/api/clients/${bjorn.id}`, { name: 'Cedar Gym' })).status).toBe(200);
    expect(await names('bjorn')).toEqual([]);
    expect(await names('CEDAR')).toEqual(['Cedar Gym']);
    expect(await names('ce')).toEqual(['Cedar Gym']);
    expect((await client.get<Client[]>(`/api/clients?q=zo`)).body.map((c) => c.id)).toEqual([zoe.id]);
  });

  it('deletes a client; their reports stay with their clientName and clientId null', async () => {
    const client = await signedIn();
    const created = await addClient(client, { name: 'Gone Soon' });
    const report = await createProject(client, { clientId: created.id });
    const deleted = await client.delete(`/api/clients/${created.id}`);
    expect(deleted.status).toBe(200);
    expect((await client.get(`/api/clients/${created.id}`)).status).toBe(404);
    const reports = (await client.get<ProjectSummary[]>('/api/projects')).body;
    expect(reports).toMatchObject([{ id: report.id, clientName: 'Gone Soon', clientId: null }]);
  });

  it('answers 404 for another account’s client on every route', async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const foreign = await addClient(theirs, { name: 'Not Yours' });
    expect((await mine.get(`/api/clients/${foreign.id}`)).status).toBe(404);
    expect((await mine.patch(`/api/clients/${foreign.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await mine.delete(`/api/clients/${foreign.id}`)).status).toBe(404);
    expect((await mine.get(`/api/clients?before=${foreign.id}`)).status).toBe(404);
    expect((await mine.get<Client[]>('/api/clients')).body).toEqual([]);
    expect((await theirs.get<Client>(`/api/clients/${foreign.id}`)).body.name).toBe('Not Yours');
  });

  it('needs a signed-in user', async () => {
    expect((await t.client().get('/api/clients')).status).toBe(401);
    expect((await t.client().post('/api/clients', { name: 'X' })).status).toBe(401);
  });
});
