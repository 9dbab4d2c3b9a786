// Helpers for the reports journeys: real JPEGs made with sharp, and a clean screen for screenshots.
import sharp from 'sharp';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A JPEG with a recognisable picture (a coloured scene with shapes). */
export async function makeJpeg(options: { width: number; height: number; hue: string }): Promise<Buffer> {
  const { width, height, hue } = options;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hue}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.45}" r="${Math.min(width, height) * 0.2}" fill="#ffffff" fill-opacity="0.55"/>
    <rect x="${width * 0.55}" y="${height * 0.3}" width="${width * 0.3}" height="${height * 0.4}" rx="${width * 0.02}" fill="#fde68a" fill-opacity="0.8"/>
  </svg>`;
  // Noise keeps the JPEG realistically large (flat colour compresses to almost nothing).
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function jpegSize(bytes: Buffer): Promise<{ width: number; height: number; format: string }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? '' };
}

/** Closes the visible toast, so a screenshot shows the page itself. */
export async function dismissToasts(page: Page): Promise<void> {
  const dismiss = page.getByTestId('toast').getByRole('button', { name: 'Dismiss' });
  // A toast may time out between the count and the click: the click then finds nothing to wait
  // for, so it gives up quickly and the loop counts again. The expectation below still holds.
  while ((await dismiss.count()) > 0)
    await dismiss
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  await expect(page.getByTestId('toast')).toHaveCount(0);
}

const HUES = ['#0ea5e9', '#f97316', '#22c55e', '#a855f7', '#ef4444', '#eab308', '#14b8a6', '#6366f1'];

export interface SeededReport {
  projectId: number;
  /** before, after of each pair in turn */
  photoIds: number[];
}

/** A report for `clientName` with `pairCount` pairs of real JPEGs, made through the API as the signed-in page's user. */
export async function seedReport(page: Page, baseURL: string, clientName: string, pairCount: number): Promise<SeededReport> {
  const api: APIRequestContext = page.request;
  const headers = { origin: baseURL };
  const created = await api.post('/api/projects', { headers, data: { clientName, description: 'Kitchen and bathroom deep clean, oven, grout and windows' } });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: number }).id;
  const photoIds: number[] = [];
  for (let i = 0; i < pairCount; i += 1) {
    const ids: number[] = [];
    for (const type of ['before', 'after'] as const) {
      const bytes = await makeJpeg({ width: 800, height: 600, hue: HUES[(2 * i + (type === 'after' ? 1 : 0)) % HUES.length]! });
      const upload = await api.post(`/api/projects/${projectId}/photos?type=${type}`, { headers: { ...headers, 'content-type': 'image/jpeg' }, data: bytes });
      expect(upload.status()).toBe(201);
      ids.push(((await upload.json()) as { id: number }).id);
    }
    const pair = await api.post(`/api/projects/${projectId}/photo-pairs`, { headers, data: { beforePhotoId: ids[0], afterPhotoId: ids[1] } });
    expect(pair.status()).toBe(201);
    photoIds.push(...ids);
  }
  return { projectId, photoIds };
}
