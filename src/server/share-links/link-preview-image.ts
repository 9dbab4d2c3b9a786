// The picture a messaging app shows for a client link: the first pair's before and after side by
// side, 1200x630 (the Open Graph size), one JPEG. Made with sharp on the first request and kept:
// a pair's photos never change (a new photo gets a new id), so the two ids name the picture.
import sharp from 'sharp';
import type { PhotoStore } from '../storage/photo-store.js';
import { cpuWork } from '../lib/cpu-work.js';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
/** The white line between the two photos. */
const DIVIDER = 8;
const PREVIEW_JPEG_QUALITY = 80;
/** Pictures kept in memory (~60 KB each); the oldest goes first. */
const CACHE_ENTRIES = 64;

const cache = new Map<string, Buffer>();

export interface PreviewPair {
  before: { id: number; storageKey: string };
  after: { id: number; storageKey: string };
}

export const previewCacheKey = (pair: PreviewPair) => `${pair.before.id}-${pair.after.id}`;

/** The preview picture of a pair, null when a photo's file is missing. */
export async function linkPreviewImage(photoStore: PhotoStore, pair: PreviewPair): Promise<Buffer | null> {
  const key = previewCacheKey(pair);
  const kept = cache.get(key);
  if (kept) {
    // Most recently used last, so the first entry is the one to drop.
    cache.delete(key);
    cache.set(key, kept);
    return kept;
  }
  const [before, after] = await Promise.all([photoStore.get(pair.before.storageKey), photoStore.get(pair.after.storageKey)]);
  if (!before || !after) return null;
  const picture = await cpuWork.run(() => composePreview(before, after));
  cache.set(key, picture);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value ?? key);
  return picture;
}

/** Each photo fills its half (cropped to it, never stretched), before on the left. */
async function composePreview(before: Buffer, after: Buffer): Promise<Buffer> {
  const halfWidth = (PREVIEW_WIDTH - DIVIDER) / 2;
  const half = (photo: Buffer) => sharp(photo).resize({ width: halfWidth, height: PREVIEW_HEIGHT, fit: 'cover', position: 'centre' }).toBuffer();
  const [left, right] = await Promise.all([half(before), half(after)]);
  return sharp({ create: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: halfWidth + DIVIDER, top: 0 },
    ])
    .jpeg({ quality: PREVIEW_JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}
