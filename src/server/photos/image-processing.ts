// Turns uploaded bytes into the stored photo (no second encode, decision 017).
// A JPEG that is already upright, within 1024x768 (spec §9's capture size), in sRGB or grey and
// without an ICC profile is kept: its own bytes, less the metadata segments (jpeg-metadata.ts),
// never re-encoded. Everything else is decoded once (the stated type proves nothing), turned
// upright by its EXIF orientation, held within 1024x768 and encoded once as JPEG at the spec's
// quality 0.6. Either way no EXIF, GPS or other metadata leaves the server, and a small WebP
// thumbnail is made for lists. The file's EXIF DateTimeOriginal is read before it is removed.
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { MAX_PHOTO_INPUT_PIXELS, MAX_PHOTO_UPLOAD_BYTES, PHOTO_BOX } from '../../shared/images.js';
import { HttpError, badRequest, payloadTooLarge, unsupportedMediaType } from '../lib/http-errors.js';
import { cpuWork } from '../lib/cpu-work.js';
import { THUMBNAIL_MAX_SIZE } from '../../shared/images.js';
import { sniffImageFormat } from './image-format.js';
import { readExifCaptureTime } from './exif-date.js';
import { hasCommonCoding, JpegStructureError, stripJpegMetadata } from './jpeg-metadata.js';

/** spec §9's capture quality 0.6: a photo that must be encoded is encoded once, like the browser would. */
export const PHOTO_JPEG_QUALITY = 60;
export const THUMBNAIL_WEBP_QUALITY = 70;
/** libwebp effort 2 of 6: half the CPU of the default for a few % more bytes on a ~4 KB thumbnail. */
export const THUMBNAIL_WEBP_EFFORT = 2;

export interface ProcessedPhoto {
  jpeg: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  /** 'kept': the JPEG's own bytes less its metadata; 'encoded': decoded and encoded once. */
  path: 'kept' | 'encoded';
  /** The file's EXIF DateTimeOriginal, read before the metadata was removed; null when it has none. */
  exifCapturedAt: Date | null;
}

const MB = 1024 * 1024;

export interface ProcessOptions {
  /** The zone a zone-less EXIF date is read in (the owner's users.timeZone). */
  timeZone: string;
}

export async function processUploadedPhoto(input: Buffer, options: ProcessOptions = { timeZone: 'UTC' }): Promise<ProcessedPhoto> {
  if (input.length === 0) throw badRequest('photo_empty');
  if (input.length > MAX_PHOTO_UPLOAD_BYTES) {
    throw payloadTooLarge('photo_too_large', { sizeMb: (input.length / MB).toFixed(1), limitMb: MAX_PHOTO_UPLOAD_BYTES / MB });
  }
  const format = sniffImageFormat(input);
  if (format === null) throw unsupportedMediaType('photo_not_an_image');
  if (format === 'heic' && !canDecodeHeic()) {
    throw unsupportedMediaType('photo_heic_unsupported');
  }
  return cpuWork.run(async () => {
    let metadata: Metadata;
    try {
      // Reads the headers only: no pixels are decoded here.
      metadata = await sharp(input, { limitInputPixels: MAX_PHOTO_INPUT_PIXELS }).metadata();
    } catch (error) {
      throw toUploadError(error);
    }
    const exifCapturedAt = readExifCaptureTime(metadata.exif, options.timeZone);
    const kept = format === 'jpeg' && canKeepAsIs(metadata) ? await keepJpeg(input, metadata) : null;
    return { ...(kept ?? (await decodeAndEncode(input))), exifCapturedAt };
  });
}

/** Upright, within the box, sRGB or grey, no ICC profile to honour: the browser's own capture. */
export function canKeepAsIs(metadata: Metadata): boolean {
  const upright = metadata.orientation === undefined || metadata.orientation === 1;
  const withinBox = metadata.width <= PHOTO_BOX.width && metadata.height <= PHOTO_BOX.height;
  const plainColour = (metadata.space === 'srgb' || metadata.space === 'b-w') && metadata.icc === undefined;
  return upright && withinBox && plainColour;
}

/**
 * The JPEG's own bytes less its metadata. The stripped file is decoded in full (for the thumbnail)
 * with the same strictness as the encode path, so a damaged file is refused here too.
 */
async function keepJpeg(input: Buffer, metadata: Metadata): Promise<Omit<ProcessedPhoto, 'exifCapturedAt'> | null> {
  try {
    // Arithmetic-coded, 12-bit or lossless files: encoded again, so every viewer can show them.
    if (!hasCommonCoding(input)) return null;
    const jpeg = stripJpegMetadata(input);
    // libjpeg decodes straight at a fraction of the size for the thumbnail, reading every scan.
    const thumbnail = await makeThumbnail(sharp(jpeg, { failOn: 'truncated', sequentialRead: true }).toColourspace('srgb'));
    // Removing segments leaves the frame header as it was: the size is the original's.
    return { jpeg, thumbnail, width: metadata.width, height: metadata.height, path: 'kept' };
  } catch (error) {
    if (error instanceof JpegStructureError) throw badRequest('photo_unreadable');
    throw toUploadError(error);
  }
}

function makeThumbnail(pixels: Sharp): Promise<Buffer> {
  return pixels
    .resize({ width: THUMBNAIL_MAX_SIZE, height: THUMBNAIL_MAX_SIZE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: THUMBNAIL_WEBP_QUALITY, effort: THUMBNAIL_WEBP_EFFORT })
    .toBuffer();
}

/** The path every photo took before capture proof existed (bench/capture.ts compares the two). */
export async function decodeAndEncode(input: Buffer): Promise<Omit<ProcessedPhoto, 'exifCapturedAt'>> {
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
  const [jpeg, thumbnail] = await Promise.all([pixels().jpeg({ quality: PHOTO_JPEG_QUALITY }).toBuffer(), makeThumbnail(pixels())]);
  return { jpeg, thumbnail, width, height, path: 'encoded' };
}

function toUploadError(error: unknown): HttpError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return badRequest('photo_too_many_pixels', { megapixels: MAX_PHOTO_INPUT_PIXELS / 1_000_000 });
  }
  if (/unsupported image format/i.test(message)) return unsupportedMediaType('photo_not_an_image');
  return badRequest('photo_unreadable');
}

/** The prebuilt sharp reads AVIF but not HEVC-coded HEIC; a build with libde265 would. */
function canDecodeHeic(): boolean {
  return sharp.format.heif.input.fileSuffix?.includes('.heic') ?? false;
}
