// One client link in the share panel: its address, when it ends, when the client last opened it,
// and for a live link Copy (or Share on a phone) and Revoke, which asks once more first.
import { t } from '../../lib/i18n/i18n';
import { useEffect, useRef, useState } from 'react';
import { Copy, Share2 } from 'lucide-react';
import type { ShareLink } from '@shared/contract/share-links';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { isPhone } from '../../lib/device-mode';
import { expiryText, lastOpenedText, linkState } from './link-status';

export interface ClientLinkItemProps {
  link: ShareLink;
  now: Date;
  onSend: (link: ShareLink) => void;
  onRevoke: (link: ShareLink) => Promise<void>;
  isRevoking: boolean;
}

const STATE_BADGE = {
  live: 'bg-brand-50 text-brand-800 ring-brand-200',
  expired: 'bg-slate-100 text-slate-600 ring-slate-200',
  revoked: 'bg-red-50 text-red-700 ring-red-200',
} as const;

const STATE_LABEL = { live: 'link.live', expired: 'link.expired', revoked: 'link.revoked' } as const;

export function ClientLinkItem({ link, now, onSend, onRevoke, isRevoking }: ClientLinkItemProps) {
  const [isConfirming, setConfirmingState] = useState(false);
  // The button used leaves the screen (Revoke, then Keep): keyboard focus goes to what takes its
  // place rather than to the top of the dialog.
  const keepButton = useRef<HTMLButtonElement>(null);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const focusAfterSwap = useRef(false);
  const setConfirming = (confirming: boolean) => {
    focusAfterSwap.current = true;
    setConfirmingState(confirming);
  };
  useEffect(() => {
    if (!focusAfterSwap.current) return;
    focusAfterSwap.current = false;
    (isConfirming ? keepButton : revokeButton).current?.focus();
  }, [isConfirming]);
  const state = linkState(link, now);
  const canShare = isPhone() && typeof navigator.share === 'function';
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="client-link">
      <div className="flex items-start justify-between gap-2">
        <p className={cn('min-w-0 truncate font-mono text-xs', state === 'live' ? 'text-slate-800' : 'text-slate-500 line-through')} title={link.url}>
          {link.url.replace(/^https?:\/\//, '')}
        </p>
        <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', STATE_BADGE[state])}>{t(STATE_LABEL[state])}</span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {expiryText(link, now)} · {lastOpenedText(link, now)}
      </p>
      {state === 'live' &&
        (isConfirming ? (
          <div className="mt-2 flex flex-wrap items-center gap-2" role="group" aria-label={t('link.confirmRevoke')}>
            <p className="w-full text-sm font-medium text-slate-800">{t('link.confirmRevokeText')}</p>
            <Button ref={keepButton} variant="secondary" onClick={() => setConfirming(false)} disabled={isRevoking}>
              {t('link.keep')}
            </Button>
            <Button variant="destructive" onClick={() => void onRevoke(link).then(() => setConfirming(false))} disabled={isRevoking}>
              {isRevoking ? t('link.revoking') : t('link.revoke')}
            </Button>
          </div>
        ) : (
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => onSend(link)}>
              {canShare ? <Share2 className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
              {canShare ? t('share.share') : t('link.copy')}
            </Button>
            <Button ref={revokeButton} variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setConfirming(true)}>
              {t('link.revokeShort')}
            </Button>
          </div>
        ))}
    </li>
  );
}
