import { api } from '../../../lib/api';
import { t } from '../../../lib/i18n/i18n';
import { photoTypeBadge } from '../../../lib/photo-type-label';
import type { PendingUpload } from './pending-upload-store';
import type { SendProgress } from './upload-queue';

/** Time allowed for one try: 20 s plus 8 KB/s for the bytes (a 600 KB photo on a weak signal: ~95 s). */
export function uploadTimeoutMs(byteLength: number): number {
  return 20_000 + Math.ceil(byteLength / 8192) * 1000;
}

/**
 * addPhoto with the JPEG as raw bytes (25% fewer than a base64 data URL). Every try carries the
 * photo's own UUID as its Idempotency-Key (a try whose answer was lost is answered with the photo
 * already stored, never a second copy) and ends by a timeout, so one stalled request never holds
 * the queue.
 */
export async function sendPhoto(upload: PendingUpload, { onProgress }: SendProgress): Promise<void> {
  const body = new Blob([upload.bytes], { type: upload.mimeType });
  // A 402 (the trial ended after the photo was taken) is told by the client; this says the photo waits.
  const accessBlockedNote = t('upload.keptUntilUpgrade', { type: photoTypeBadge(upload.type) });
  await api.addPhoto(
    // capturedAt: when it was taken (the shutter's clock, or the chosen file's EXIF date), when known.
    { params: { id: upload.projectId }, query: { type: upload.type, ...(upload.capturedAt ? { capturedAt: upload.capturedAt } : {}) }, body },
    { accessBlockedNote, headers: { 'Idempotency-Key': upload.id }, signal: AbortSignal.timeout(uploadTimeoutMs(upload.bytes.byteLength)), onUploadProgress: onProgress },
  );
}
