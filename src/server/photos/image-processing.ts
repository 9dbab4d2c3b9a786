// Turns uploaded bytes into the stored photo: decoded (the stated type proves nothing), turned
// upright by its EXIF orientation, stripped of all metadata (no GPS leaves the server), held within
// 1024x768 (spec §9's capture size), re-encoded as JPEG, plus a small WebP thumbnail for lists.
import sharp, { type OutputInfo } from 'sharp';
import { MAX_PHOTO_INPUT_PIXELS, MAX_PHOTO_UPLOAD_BYTES, PHOTO_BOX } from '../../shared/images.js';
import { HttpError, badRequest, payloadTooLarge, unsupportedMediaType } from '../lib/http-errors.js';
import { cpuWork } from '../lib/cpu-work.js';
import { sniffImageFormat } from './image-format.js';

export const PHOTO_JPEG_QUALITY = 80;
export const THUMBNAIL_MAX_SIZE = 320;
export const THUMBNAIL_WEBP_QUALITY = 70;
/** libwebp effort 2 of 6: half the CPU of the default for a few % more bytes on a ~4 KB thumbnail. */
export const THUMBNAIL_WEBP_EFFORT = 2;

export interface ProcessedPhoto {
  jpeg: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}


const MB = 1024 * 1024;

export async function processUploadedPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length === 0) throw badRequest('The photo is empty.');
  if (input.length > MAX_PHOTO_UPLOAD_BYTES) {
    throw payloadTooLarge(`The photo is too large (${(input.length / MB).toFixed(1)} MB); the limit is ${MAX_PHOTO_UPLOAD_BYTES / MB} MB.`);
  }
  const format = sniffImageFormat(input);
  if (format === null) throw unsupportedMediaType('This file is not an image we can read. Please send a JPEG, PNG or WebP photo.');
  if (format === 'heic' && !canDecodeHeic()) {
    throw unsupportedMediaType('HEIC photos cannot be read here. Please send a JPEG, PNG or WebP photo (on iPhone: Settings › Camera › Formats › Most Compatible).');
  }
  return cpuWork.run(() => decodeAndEncode(input));
}

async function decodeAndEncode(input: Buffer): Promise<ProcessedPhoto> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // The one decode of this photo: upright, within the box, opaque sRGB pixels. Metadata is
    // never carried into raw pixels, so nothing of the original's EXIF/XMP/ICC can survive.
    decoded = await sharp(input, { limitInputPixels: MAX_PHOTO_INPUT_PIXELS, failOn: 'truncated', sequentialRead: true })
      .rotate()
      .resize({ ...PHOTO_BOX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw toUploadError(error);
  }
  const { width, height, channels } = decoded.info;
  const pixels = () => sharp(decoded.data, { raw: { width, height, channels } });
  const [jpeg, thumbnail] = await Promise.all([
    pixels().jpeg({ quality: PHOTO_JPEG_QUALITY }).toBuffer(),
    pixels().resize({ width: THUMBNAIL_MAX_SIZE, height: THUMBNAIL_MAX_SIZE, fit: 'inside', withoutEnlargement: true }).webp({ quality: THUMBNAIL_WEBP_QUALITY, effort: THUMBNAIL_WEBP_EFFORT }).toBuffer(),
  ]);
  return { jpeg, thumbnail, width, height };
}

function toUploadError(error: unknown): HttpError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return badRequest(`The image has too many pixels; the limit is ${MAX_PHOTO_INPUT_PIXELS / 1_000_000} megapixels.`);
  }
  if (/unsupported image format/i.test(message)) return unsupportedMediaType('This file is not an image we can read. Please send a JPEG, PNG or WebP photo.');
  return badRequest('The photo could not be read: the file is damaged or incomplete.');
}

/** The prebuilt sharp reads AVIF but not HEVC-coded HEIC; a build with libde265 would. */
function canDecodeHeic(): boolean {
  return sharp.format.heif.input.fileSuffix?.includes('.heic') ?? false;
}
