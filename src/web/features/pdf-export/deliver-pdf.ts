// Hands the finished PDF to the user (spec §9): on phones the share sheet when the browser can
// share files, otherwise a download.

import { isPhone } from '../../lib/device-mode';
import { saveFile } from '../../lib/save-file';

export type DeliveryOutcome = 'shared' | 'downloaded' | 'cancelled' | 'needs-tap';

export function toPdfFile(bytes: Uint8Array, filename: string): File {
  return new File([bytes as Uint8Array<ArrayBuffer>], filename, { type: 'application/pdf' });
}

export function canShareFile(file: File): boolean {
  return typeof navigator.share === 'function' && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });
}

/**
 * Shares the file. 'needs-tap' when the browser wants a fresh tap first (sharing needs a recent
 * user gesture and building the PDF may have outlasted it); 'cancelled' when the user closed the sheet.
 */
export async function sharePdf(file: File, title: string): Promise<DeliveryOutcome> {
  try {
    await navigator.share({ files: [file], title });
    return 'shared';
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    if (error instanceof DOMException && error.name === 'NotAllowedError') return 'needs-tap';
    throw error;
  }
}

export function downloadPdf(file: File): DeliveryOutcome {
  saveFile(file, file.name);
  return 'downloaded';
}

export async function deliverPdf(file: File, title: string): Promise<DeliveryOutcome> {
  if (isPhone() && canShareFile(file)) return sharePdf(file, title);
  return downloadPdf(file);
}
