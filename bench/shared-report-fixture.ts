// A report as a client link shows it, for the benchmarks: a new owner with a logo and
// `pairs` pairs of photo-like 1024x768 JPEGs (quality 0.6, as the camera captures them), and a live
// link to it, made through the HTTP API of a running server.
import sharp from 'sharp';
import { makePhotoJpeg } from '../src/server/test-support/photo-fixtures.js';
import type { ShareLink } from '../src/shared/contract/share-links.js';
import { runPool } from './bench-support.js';

export interface SharedReportFixture {
  cookie: string;
  projectId: number;
  link: ShareLink;
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

export async function seedSharedReport(baseUrl: string, pairs: number): Promise<SharedReportFixture> {
  const email = `client-link-${Date.now()}@example.com`;
  const registered = await expectOk(
    await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email, password: 'correct horse', confirmPassword: 'correct horse', businessName: 'Harbour Cleaning Co' }),
    }),
    'register',
  );
  const cookie =
    registered.headers
      .getSetCookie()
      .find((c) => c.startsWith('cp_session='))
      ?.split(';')[0] ?? '';
  const headers = { cookie, origin: baseUrl };
  const logo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  await expectOk(
    await fetch(`${baseUrl}/api/user/logo`, { method: 'POST', headers: { ...headers, 'content-type': 'image/png' }, body: new Uint8Array(logo) }),
    'logo',
  );
  const project = (await (
    await expectOk(
      await fetch(`${baseUrl}/api/projects`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ clientName: 'Harbour View Apartments', description: 'End of tenancy clean: kitchen, oven, bathrooms, grout and all windows.' }),
      }),
      'create report',
    )
  ).json()) as { id: number };
  await runPool(
    Array.from({ length: pairs * 2 }, (_, i) => i),
    4,
    async (i) => {
      const jpeg = await makePhotoJpeg(1024, 768, { seed: 2000 + i, quality: 60 });
      const type = i < pairs ? 'before' : 'after';
      await expectOk(
        await fetch(`${baseUrl}/api/projects/${project.id}/photos?type=${type}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'image/jpeg' },
          body: new Uint8Array(jpeg),
        }),
        `upload ${i}`,
      );
    },
  );
  await expectOk(await fetch(`${baseUrl}/api/projects/${project.id}/auto-pair-all`, { method: 'POST', headers }), 'auto-pair');
  const link = (await (
    await expectOk(
      await fetch(`${baseUrl}/api/projects/${project.id}/share-links`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{}',
      }),
      'share link',
    )
  ).json()) as ShareLink;
  return { cookie, projectId: project.id, link };
}
