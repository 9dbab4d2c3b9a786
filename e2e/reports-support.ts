// Helpers for the reports journeys: real JPEGs made with sharp, and a clean screen for screenshots.
import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';

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
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
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
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await expect(page.getByTestId('toast')).toHaveCount(0);
}
