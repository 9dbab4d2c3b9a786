// The ways a link (an invite, a sign-in link) leaves the owner's phone: the share sheet where the
// browser has one, else the clipboard; and a text message with the words already written.
import { t } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';

export const canUseShareSheet = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

export async function copyLinkText(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: t('team.share.copied') });
    return true;
  } catch {
    toast({ title: t('team.share.copyFailed'), variant: 'destructive' });
    return false;
  }
}

/** The share sheet with the message and the link; the clipboard when there is no sheet or it fails. */
export async function shareLinkText(url: string, message: string): Promise<void> {
  if (canUseShareSheet()) {
    try {
      await navigator.share({ text: message, url });
      return;
    } catch (error) {
      // Closed by the person: nothing more to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyLinkText(url);
}

/**
 * An sms: link that opens the messages app with the text written (no number: the person picks it).
 * `sms:?&body=` is the form both iOS and Android read.
 */
export const smsHref = (message: string): string => `sms:?&body=${encodeURIComponent(message)}`;
