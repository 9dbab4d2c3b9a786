import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../shared/contract/projects.js';
import type { SharedReport } from '../../shared/contract/share-links.js';
import type { Template } from '../../shared/contract/templates.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerUser, type TestClient } from '../test-support/test-client.js';
import { extractPageTexts } from '../test-support/pdf-inspection.js';
import { addPhotoInArea } from '../test-support/project-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Large enough for the PDF to lay each photo out as the app's would be. */
const shoot = (client: TestClient, projectId: number, type: 'before' | 'after', areaId: number) =>
  addPhotoInArea(client, projectId, type, areaId, { width: 320, height: 240 });

/** A report over Hall, Kitchen and Yard: a pair in the kitchen, then one in the hall; the yard skipped. */
async function reportWithAreas() {
  const client = t.client();
  await registerUser(client, { businessName: 'Sparkle Cleaning Co' });
  const template = await client.post<Template>('/api/templates', {
    name: 'Three rooms',
    areas: [
      { name: 'Hall', minBefore: 1, minAfter: 1 },
      { name: 'Kitchen', minBefore: 2, minAfter: 2 },
      { name: 'Yard', minBefore: 1, minAfter: 1 },
    ],
  });
  const report = (await client.post<Project>('/api/projects', { templateId: template.body.id, clientName: 'Acme' })).body;
  const [hall, kitchen, yard] = report.areas;
  await shoot(client, report.id, 'before', kitchen!.id);
  await shoot(client, report.id, 'after', kitchen!.id);
  await shoot(client, report.id, 'before', hall!.id);
  await shoot(client, report.id, 'after', hall!.id);
  expect((await client.post<{ pairsCreated: number }>(`/api/projects/${report.id}/auto-pair-all`)).body.pairsCreated).toBe(2);
  await client.post(`/api/projects/${report.id}/areas/${yard!.id}/skip`, { reason: 'no_access', note: 'Gate locked' });
  return { client, report };
}

describe('the PDF and client link of a report made from a template', () => {
  it('print pairs under area headings in template order, with a count per area and skipped areas with their reason', async () => {
    const { client, report } = await reportWithAreas();
    const response = await fetch(`${t.url}/api/projects/${report.id}/report.pdf`, {
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(response.status).toBe(200);
    const text = (await extractPageTexts(new Uint8Array(await response.arrayBuffer()))).join('\n');
    const hall = text.indexOf('Hall · 1 of 1');
    const kitchen = text.indexOf('Kitchen · 1 of 2');
    const yard = text.indexOf('Yard · 0 of 1');
    expect(hall).toBeGreaterThanOrEqual(0);
    expect(kitchen).toBeGreaterThan(hall);
    expect(yard).toBeGreaterThan(kitchen);
    expect(text).toContain('Skipped: No access — Gate locked');

    const link = await client.post<{ token: string }>(`/api/projects/${report.id}/share-links`, {});
    const shared = (await t.client().get<SharedReport>(`/api/shared/${link.body.token}`)).body;
    expect(shared.areas.map((area) => [area.name, area.required, area.skipped])).toEqual([
      ['Hall', 1, null],
      ['Kitchen', 2, null],
      ['Yard', 1, { reason: 'no_access', note: 'Gate locked' }],
    ]);
    expect(shared.pairs.map((pair) => pair.areaId)).toEqual([report.areas[1]!.id, report.areas[0]!.id]);
  });
});
