// npm run bench:first-load-js: the JavaScript the app's index.html loads before the first screen
// (its module scripts and modulepreloads), compressed as the server sends it (brotli quality 5,
// app.ts) and with gzip -9, against the 100 KB budget; plus each language catalogue
// loaded on demand. A quick static figure beside bench:lighthouse, which measures the
// same payload from what Chromium requested. Needs the built web app (`npm run build:web`).
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

const WEB_ROOT = path.resolve('dist/web');
const BUDGET_KB = 100;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const brotli = (bytes: Buffer) => brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }).length;

async function sizes(file: string) {
  const bytes = await fs.readFile(path.join(WEB_ROOT, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotli(bytes) };
}

const html = await fs.readFile(path.join(WEB_ROOT, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map(
  (match) => match[1] ?? match[2] ?? '',
);
let total = { raw: 0, gzip: 0, brotli: 0 };
for (const script of scripts) {
  const size = await sizes(script);
  total = { raw: total.raw + size.raw, gzip: total.gzip + size.gzip, brotli: total.brotli + size.brotli };
  console.log(`${script}: ${kb(size.raw)} KB raw, ${kb(size.gzip)} KB gzip, ${kb(size.brotli)} KB brotli`);
}
console.log(`first-load JS: ${kb(total.raw)} KB raw, ${kb(total.gzip)} KB gzip, ${kb(total.brotli)} KB brotli (budget ${BUDGET_KB} KB compressed)`);
const assets = await fs.readdir(path.join(WEB_ROOT, 'assets'));
for (const catalogue of assets.filter((name) => /^(en|es)(\.screens)?-[\w-]+\.js$/.test(name))) {
  const size = await sizes(path.join('assets', catalogue));
  console.log(`catalogue on demand ${catalogue}: ${kb(size.gzip)} KB gzip, ${kb(size.brotli)} KB brotli`);
}
// The budget is gzip's; the server sends brotli (smaller). Either over it is a failure.
if (Math.max(total.gzip, total.brotli) / 1024 > BUDGET_KB) {
  console.error('over budget');
  process.exitCode = 1;
}
