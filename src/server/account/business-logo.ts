// The business logo on PDF reports: checked by decoding it (the stated type proves
// nothing), turned upright, stripped of all metadata and held to a size that prints sharply at
// 18x12 mm. PNG stays PNG (logos often have transparency); JPEG stays JPEG.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { LOGO_BOX, MAX_LOGO_INPUT_PIXELS, MAX_LOGO_UPLOAD_BYTES } from '../../shared/images.js';
import { badRequest, HttpError, payloadTooLarge, unsupportedMediaType } from '../lib/http-errors.js';
import { cpuWork } from '../lib/cpu-work.js';

export const LOGOS_PREFIX = 'logos/';

export interface ProcessedLogo {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
}

export async function processUploadedLogo(input: Buffer): Promise<ProcessedLogo> {
  if (input.length === 0) throw badRequest('logo_empty');
  if (input.length > MAX_LOGO_UPLOAD_BYTES) throw payloadTooLarge('logo_too_large', { limitMb: MAX_LOGO_UPLOAD_BYTES / 1024 / 1024 });
  const isPng = input.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const isJpeg = input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff;
  if (!isPng && !isJpeg) throw unsupportedMediaType('logo_not_png_or_jpeg');
  return cpuWork.run(() => decodeLogo(input, isPng));
}

async function decodeLogo(input: Buffer, isPng: boolean): Promise<ProcessedLogo> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_LOGO_INPUT_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize({ ...LOGO_BOX, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    // sharp writes no metadata unless asked, so EXIF (GPS included), XMP and ICC are dropped.
    if (isPng) return { bytes: await image.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png', extension: 'png' };
    return { bytes: await image.jpeg({ quality: 90 }).toBuffer(), contentType: 'image/jpeg', extension: 'jpg' };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw payloadTooLarge('logo_too_many_pixels');
    throw badRequest('logo_unreadable');
  }
}

export function newLogoKey(userId: number, extension: ProcessedLogo['extension']): string {
  return `${LOGOS_PREFIX}${userId}/${randomUUID()}.${extension}`;
}

export function logoContentType(key: string): string {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}
