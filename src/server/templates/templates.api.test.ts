import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '../../shared/contract/templates.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { signedInOwner } from '../test-support/project-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const member = () => signedInOwner(t);

const area = (name: string, extra: Record<string, unknown> = {}) => ({ name, minBefore: 1, minAfter: 1, ...extra });

describe('GET /api/templates', () => {
  it('lists five built-in templates with their areas, in the member’s language', async () => {
    const client = await member();
    const en = await client.get<Template[]>('/api/templates');
    expect(en.status).toBe(200);
    expect(en.body.map((template) => template.name)).toEqual(['Standard clean', 'Deep clean', 'Move-in / move-out', 'Vacation-rental turnover', 'Office']);
    expect(en.body.every((template) => template.builtIn)).toBe(true);
    const deep = en.body.find((template) => template.id === 'deep-clean')!;
    expect(deep.areas.find((entry) => entry.key === 'kitchen')).toEqual({ key: 'kitchen', name: 'Kitchen', minBefore: 2, minAfter: 2, repeat: null });
    expect(deep.areas.filter((entry) => entry.repeat !== null).map((entry) => entry.repeat)).toEqual(['bedrooms', 'bathrooms']);
    // Move-in / move-out: every room, one pair at least.
    const move = en.body.find((template) => template.id === 'move-in-out')!;
    expect(move.areas.every((entry) => entry.minBefore >= 1 && entry.minAfter >= 1)).toBe(true);

    expect((await client.patch('/api/user/preferences', { locale: 'es' })).status).toBe(200);
    const es = await client.get<Template[]>('/api/templates');
    expect(es.body.map((template) => template.name)).toContain('Limpieza profunda');
    expect(es.body.find((template) => template.id === 'deep-clean')!.areas.map((entry) => entry.name)).toContain('Cocina');
  });

  it('needs a signed-in member', async () => {
    expect((await t.client().get('/api/templates')).status).toBe(401);
  });
});

describe('own templates', () => {
  it('are made, listed, renamed, given new areas and deleted, for their business only', async () => {
    const client = await member();
    const made = await client.post<Template>('/api/templates', {
      name: '  Airbnb flat ',
      areas: [area('Kitchen'), area('Bedroom', { repeat: 'bedrooms' }), area('Balcony', { minBefore: 0, minAfter: 2 })],
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Airbnb flat', builtIn: false });
    expect(made.body.id).toMatch(/^[0-9]+$/);
    expect(made.body.areas).toEqual([
      { key: 'area-1', name: 'Kitchen', minBefore: 1, minAfter: 1, repeat: null },
      { key: 'area-2', name: 'Bedroom', minBefore: 1, minAfter: 1, repeat: 'bedrooms' },
      { key: 'area-3', name: 'Balcony', minBefore: 0, minAfter: 2, repeat: null },
    ]);
    const list = await client.get<Template[]>('/api/templates');
    expect(list.body.at(-1)).toEqual(made.body);

    const other = await member();
    expect((await other.get<Template[]>('/api/templates')).body.map((template) => template.id)).not.toContain(made.body.id);
    expect((await other.patch(`/api/templates/${made.body.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await other.delete(`/api/templates/${made.body.id}`)).status).toBe(404);

    // An area added at the top, as the editor sends it (the others keep their keys): the new one gets a
    // key none of them has, and no kept key moves to another area.
    const added = await client.patch<Template>(`/api/templates/${made.body.id}`, {
      areas: [area('Hall'), ...made.body.areas.map((kept) => area(kept.name, { key: kept.key, repeat: kept.repeat }))],
    });
    expect(added.body.areas.map((kept) => [kept.key, kept.name])).toEqual([
      ['area-4', 'Hall'],
      ['area-1', 'Kitchen'],
      ['area-2', 'Bedroom'],
      ['area-3', 'Balcony'],
    ]);

    const renamed = await client.patch<Template>(`/api/templates/${made.body.id}`, { name: 'Flat turnover', areas: [area('Lounge', { key: 'lounge' })] });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: made.body.id, name: 'Flat turnover', areas: [{ key: 'lounge', name: 'Lounge' }] });

    expect((await client.delete(`/api/templates/${made.body.id}`)).status).toBe(200);
    expect((await client.get<Template[]>('/api/templates')).body.map((template) => template.id)).not.toContain(made.body.id);
    expect((await client.delete(`/api/templates/${made.body.id}`)).status).toBe(404);
  });

  it('copies a built-in template, which itself is never changed', async () => {
    const client = await member();
    const copy = await client.post<Template>('/api/templates', { copyFrom: 'office', name: 'Small office' });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Small office', builtIn: false });
    expect(copy.body.areas.map((entry) => entry.name)).toEqual([
      'Reception',
      'Open workspace',
      'Meeting room',
      'Kitchenette',
      'Restrooms',
      'Trash and recycling',
    ]);

    const patch = await client.patch<{ code: string }>('/api/templates/office', { name: 'Mine now' });
    expect(patch.status).toBe(403);
    expect(patch.body.code).toBe('template_built_in');
    expect((await client.delete<{ code: string }>('/api/templates/deep-clean')).body.code).toBe('template_built_in');
    expect((await client.post<{ code: string }>('/api/templates', { copyFrom: 'no-such' })).body.code).toBe('template_not_found');
  });

  it('refuses bad templates with a clear 400', async () => {
    const client = await member();
    const cases: Array<[unknown, string]> = [
      [{ name: '', areas: [area('Kitchen')] }, 'template_name_invalid'],
      [{ name: 'x'.repeat(61), areas: [area('Kitchen')] }, 'template_name_invalid'],
      [{ name: 'Empty', areas: [] }, 'template_areas_invalid'],
      [{ name: 'Too many', areas: Array.from({ length: 41 }, (_, index) => area(`Room ${index}`)) }, 'template_areas_invalid'],
      [{ name: 'Long area', areas: [area('y'.repeat(61))] }, 'area_name_invalid'],
      [{ name: 'Blank area', areas: [area('   ')] }, 'area_name_invalid'],
      [{ name: 'Minimum', areas: [area('Kitchen', { minBefore: 11 })] }, 'area_minimum_invalid'],
      [{ name: 'Minimum', areas: [area('Kitchen', { minAfter: -1 })] }, 'area_minimum_invalid'],
      [{ name: 'Minimum', areas: [area('Kitchen', { minAfter: 1.5 })] }, 'area_minimum_invalid'],
      [{ name: 'Repeat', areas: [area('Kitchen', { repeat: 'garages' })] }, 'area_repeat_invalid'],
    ];
    for (const [body, code] of cases) {
      const response = await client.post<{ code: string; message: string }>('/api/templates', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.message).toBeTruthy();
      if (response.body.code !== 'invalid_field') expect(response.body.code).toBe(code);
    }
    const forty = await client.post('/api/templates', { name: 'Forty', areas: Array.from({ length: 40 }, (_, index) => area(`Room ${index + 1}`)) });
    expect(forty.status).toBe(201);
    const made = await client.post<Template>('/api/templates', { name: 'One', areas: [area('Kitchen')] });
    expect((await client.patch<{ code: string }>(`/api/templates/${made.body.id}`, {})).status).toBe(400);
    expect((await client.patch<{ code: string }>(`/api/templates/${made.body.id}`, { areas: [] })).status).toBe(400);
  });
});
