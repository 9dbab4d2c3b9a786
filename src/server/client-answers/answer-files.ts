// The files a client sends with an answer: a drawn signature (PNG) and an issue's photo. Both are
// decoded to prove what they are and re-encoded without metadata, like every other photo, and kept
// in the photo store under client-answers/{projectId}/.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { MAX_PHOTO_INPUT_PIXELS } from '../../shared/images.js';
import { badRequest } from '../lib/http-errors.js';
import { cpuWork } from '../lib/cpu-work.js';
import { decodeImageDataUrl } from '../photos/data-url.js';
import { sniffImageFormat } from '../photos/image-format.js';
import { processUploadedPhoto } from '../photos/image-processing.js';
import type { PhotoStore } from '../storage/photo-store.js';
import { CLIENT_ANSWERS_PREFIX } from '../photos/photo-keys.js';

/** A signature is a small drawing: at most this many pixels a side. */
const SIGNATURE_MAX_SIDE = 2000;

const answerKey = (projectId: number, extension: 'png' | 'jpg') => `${CLIENT_ANSWERS_PREFIX}${projectId}/${randomUUID()}.${extension}`;

/** Stores the signature (a PNG data URL) and returns its key. */
export async function storeSignature(store: PhotoStore, projectId: number, dataUrl: string): Promise<string> {
  const bytes = decodeImageDataUrl(dataUrl);
  if (sniffImageFormat(bytes) !== 'png') throw badRequest('signature_invalid');
  const png = await cpuWork.run(async () => {
    try {
      const image = sharp(bytes, { limitInputPixels: MAX_PHOTO_INPUT_PIXELS });
      const { width = 0, height = 0 } = await image.metadata();
      if (width > SIGNATURE_MAX_SIDE || height > SIGNATURE_MAX_SIDE) throw badRequest('signature_invalid');
      return await image.png().toBuffer();
    } catch (error) {
      if (error instanceof Error && error.name === 'HttpError') throw error;
      throw badRequest('signature_invalid');
    }
  });
  const key = answerKey(projectId, 'png');
  await store.put(key, png, 'image/png');
  return key;
}

/** Stores the issue's photo (a JPEG or PNG data URL, checked and stripped like any photo) and returns its key. */
export async function storeIssuePhoto(store: PhotoStore, projectId: number, dataUrl: string, timeZone: string): Promise<string> {
  const bytes = decodeImageDataUrl(dataUrl);
  const format = sniffImageFormat(bytes);
  if (bytes.length > 0 && format !== 'jpeg' && format !== 'png') throw badRequest('issue_photo_invalid');
  const processed = await processUploadedPhoto(bytes, { timeZone });
  const key = answerKey(projectId, 'jpg');
  await store.put(key, processed.jpeg, 'image/jpeg');
  return key;
}

/** Removes an answer's file; a file already gone is fine. */
export async function deleteAnswerFile(store: PhotoStore, key: string | null): Promise<void> {
  if (key) await store.delete(key);
}
