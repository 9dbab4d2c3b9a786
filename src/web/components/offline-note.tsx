import { useId, useState } from 'react';
import { CloudOff } from 'lucide-react';
import { useIsOnline } from '../lib/online';
import { useOutboxWaitingCount } from '../lib/outbox/outbox-status';
import { useT } from '../lib/i18n/i18n';
import { cn } from './ui/cn';

/** Says, next to a disabled control, that it needs a connection. */
export function OfflineNote({ children, className, id }: { children: string; className?: string; id?: string }) {
  return (
    <p id={id} className={cn('flex items-center gap-1 text-xs font-medium text-slate-600', className)} data-testid="offline-note">
      <CloudOff className="size-3.5 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}

/**
 * A signed-in screen with no connection: a small pill says so, with how many changes this phone
 * keeps for the server; a tap opens the short explanation (what is shown is what this device kept,
 * and the waiting work is sent when the connection is back).
 */
export function OfflinePill() {
  const t = useT();
  const online = useIsOnline();
  const waiting = useOutboxWaitingCount();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (online) return null;
  return (
    <div role="status" className="mb-3" data-testid="offline-pill">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-slate-800 px-3 text-sm font-medium text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <CloudOff className="size-4 shrink-0" aria-hidden="true" />
        {waiting > 0 ? t('offline.pillWaiting', { count: waiting }) : t('offline.pill')}
      </button>
      <p id={panelId} hidden={!open} className="mt-2 max-w-prose rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-800">
        <span className="font-semibold">{t('offline.banner.title')}</span> {t('offline.banner.text')}
      </p>
    </div>
  );
}
