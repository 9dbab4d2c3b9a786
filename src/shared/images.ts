// What the app accepts of an image and how big it keeps it (spec §9), written once for
// the browser (capture, upload, logo pick) and the server (decoding, storing).

export interface Size {
  width: number;
  height: number;
}

/** spec §9: a captured photo is scaled to fit within 1024x768; uploads and stored photos too. */
export const PHOTO_BOX: Size = { width: 1024, height: 768 };
/** Thumbnails fit within this square (320 px WebP). */
export const THUMBNAIL_MAX_SIZE = 320;

/** A thumbnail's width for a photo of this size (fitted within THUMBNAIL_MAX_SIZE, never enlarged). */
export function thumbnailWidth(photo: Size): number {
  return Math.round(photo.width * Math.min(1, THUMBNAIL_MAX_SIZE / Math.max(photo.width, photo.height)));
}

/** The business logo: 18x12 mm at ~850 dpi, plenty for print and small in the PDF. */
export const LOGO_BOX: Size = { width: 600, height: 400 };

/** Content types the raw-bytes photo upload accepts (HEIC only where the server's decoder reads it). */
export const PHOTO_UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif'] as const;
/** An uploaded photo's bytes (raw, or decoded from the data URL) may be at most this large. */
export const MAX_PHOTO_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Decoding refuses images with more pixels than this (pixel bombs); 48-50 MP phone photos pass. */
export const MAX_PHOTO_INPUT_PIXELS = 50_000_000;

/** The logo is PNG (often with transparency) or JPEG. */
export const LOGO_UPLOAD_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export const MAX_LOGO_UPLOAD_BYTES = 5 * 1024 * 1024;
/** 40 MP covers any real logo file. */
export const MAX_LOGO_INPUT_PIXELS = 40_000_000;

/** The largest size with the same aspect ratio that fits in the box; never scales up. */
export function fitWithinBox(source: Size, box: Size): Size {
  const scale = Math.min(1, box.width / source.width, box.height / source.height);
  return {
    width: Math.max(1, Math.min(box.width, Math.round(source.width * scale))),
    height: Math.max(1, Math.min(box.height, Math.round(source.height * scale))),
  };
}
