// A new link (an invite, a sign-in link) handed on three ways: the phone's share sheet (or Copy
// where there is none), a text message with the words written, and a QR code the other person
// scans from this screen. The link is also shown, to read or copy by hand.
import { Copy, MessageSquare, Share2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { buttonClassName } from '../../components/ui/button-class';
import { Dialog } from '../../components/ui/dialog';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';
import { QrCode } from './qr-code';
import { canUseShareSheet, copyLinkText, shareLinkText, smsHref } from './share-actions';

export interface SharedLink {
  url: string;
  expiresAt: string;
  /** The words sent with the link: "Join Sparkle on CleanProof: https://…". */
  message: string;
}

interface ShareLinkDialogProps {
  link: SharedLink | null;
  title: string;
  description: string;
  onClose: () => void;
}

export function ShareLinkDialog({ link, title, description, onClose }: ShareLinkDialogProps) {
  const hasSheet = canUseShareSheet();
  return (
    <Dialog open={link !== null} onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      {link && (
        <div className="flex flex-col gap-4" data-testid="share-link-panel">
          <div>
            <p className="text-sm font-medium text-slate-700">{t('team.share.link')}</p>
            {/* Not a field: the dialog's first stop is the share button; a tap selects the whole link. */}
            <p
              className="mt-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-800 select-all"
              data-testid="shared-link-url"
            >
              {link.url}
            </p>
            <p className="mt-1 text-sm text-slate-600">{t('team.share.expires', { date: formatDateTime(link.expiresAt) })}</p>
          </div>
          <div className="grid gap-2">
            {hasSheet ? (
              <Button onClick={() => void shareLinkText(link.url, link.message)}>
                <Share2 className="size-4" aria-hidden="true" /> {t('team.share.shareSheet')}
              </Button>
            ) : (
              <Button onClick={() => void copyLinkText(link.url)}>
                <Copy className="size-4" aria-hidden="true" /> {t('team.share.copy')}
              </Button>
            )}
            <a href={smsHref(link.message)} className={buttonClassName({ variant: 'secondary' })}>
              <MessageSquare className="size-4" aria-hidden="true" /> {t('team.share.sms')}
            </a>
            {hasSheet && (
              <Button variant="secondary" onClick={() => void copyLinkText(link.url)}>
                <Copy className="size-4" aria-hidden="true" /> {t('team.share.copy')}
              </Button>
            )}
          </div>
          <figure className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 p-3">
            <QrCode value={link.url} label={t('team.share.qrLabel')} />
            <figcaption className="text-center text-sm text-slate-600">{t('team.share.qrHint')}</figcaption>
          </figure>
          <Button variant="secondary" onClick={onClose}>
            {t('team.share.done')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
