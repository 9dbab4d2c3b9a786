// Large photos are scaled down in the browser before they travel: a 12 MP phone photo is ~4 MB,
// within 1024x768 it is ~150 KB, which matters on a weak signal.
import { fitWithinBox, PHOTO_BOX } from '@shared/images';
import { canvasToJpeg, createScaledCanvas } from '../image-encoding';
export const UPLOAD_JPEG_QUALITY = 0.8;
/** A JPEG already within the box and at most this size is sent as it is. */
export const SEND_AS_IS_MAX_BYTES = 600 * 1024;

export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith('image/'); // spec §5
}

export async function prepareUploadImage(file: File): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    // from-image: a portrait phone photo stays upright once its EXIF is gone
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // this browser cannot decode it (e.g. HEIC): the server decides
  }
  try {
    const source = { width: bitmap.width, height: bitmap.height };
    const target = fitWithinBox(source, PHOTO_BOX);
    const fits = target.width === source.width && target.height === source.height;
    if (fits && file.type === 'image/jpeg' && file.size <= SEND_AS_IS_MAX_BYTES) return file;
    return await canvasToJpeg(createScaledCanvas(bitmap, source, PHOTO_BOX), UPLOAD_JPEG_QUALITY);
  } finally {
    bitmap.close();
  }
}
