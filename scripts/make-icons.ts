// Makes the app's PNG icons from one drawing (npm run make:icons; the PNGs are committed):
//  - icon-maskable-512.png: the mark within the middle 80% on a full-bleed brand background, so a
//    launcher's circle or squircle mask never cuts it (manifest purpose "maskable");
//  - apple-touch-icon.png (180 px): opaque, as iOS fills transparency with black.
import path from 'node:path';
import sharp from 'sharp';

const PUBLIC = path.resolve('src/web/public');
const BRAND = '#0f766e';
const MARK =
  '<path d="M18 33l9 9 19-20" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/><circle cx="48" cy="16" r="4" fill="#99f6e4"/>';

/** The mark on a square brand background with no rounded corners, scaled to `markShare` of the side. */
function fullBleed(markShare: number): string {
  const offset = (64 - 64 * markShare) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(${offset} ${offset}) scale(${markShare})">${MARK}</g></svg>`;
}

async function main() {
  await sharp(Buffer.from(fullBleed(0.8)), { density: 600 })
    .resize(512, 512)
    .flatten({ background: BRAND })
    .png()
    .toFile(path.join(PUBLIC, 'icon-maskable-512.png'));
  await sharp(Buffer.from(fullBleed(0.9)), { density: 300 })
    .resize(180, 180)
    .flatten({ background: BRAND })
    .png()
    .toFile(path.join(PUBLIC, 'apple-touch-icon.png'));
  console.log('icons written to', PUBLIC);
}

await main();
