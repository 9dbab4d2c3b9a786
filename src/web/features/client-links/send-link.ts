// Hands a client link on: on a phone the share sheet (navigator.share({ url })), anywhere
// else the clipboard, each said with a toast.
import { t } from '../../lib/i18n/i18n';
import { isPhone } from '../../lib/device-mode';
import { toast } from '../../lib/toast';

export type LinkDelivery = 'shared' | 'copied' | 'cancelled' | 'needs-tap' | 'failed';

/** Sharing needs a recent tap; after waiting for the server it may be refused ('needs-tap'). */
export async function shareLink(url: string, title: string): Promise<LinkDelivery> {
  try {
    await navigator.share({ url, title });
    return 'shared';
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    if (error instanceof DOMException && error.name === 'NotAllowedError') return 'needs-tap';
    return 'failed';
  }
}

export async function copyLink(url: string): Promise<LinkDelivery> {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: t('share.copied'), description: t('share.copiedText') });
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** The share sheet on phones that have one, else the clipboard. */
export async function sendLink(url: string, title: string): Promise<LinkDelivery> {
  if (isPhone() && typeof navigator.share === 'function') {
    const outcome = await shareLink(url, title);
    if (outcome !== 'failed') return outcome;
  }
  return copyLink(url);
}
