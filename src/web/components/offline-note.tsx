import { CloudOff } from 'lucide-react';
import { useT } from '../lib/i18n/i18n';
import { cn } from './ui/cn';

/** Says, next to a disabled control, that it needs a connection (issue 13). */
export function OfflineNote({ children, className, id }: { children: string; className?: string; id?: string }) {
  return (
    <p id={id} className={cn('flex items-center gap-1 text-xs font-medium text-slate-600', className)} data-testid="offline-note">
      <CloudOff className="size-3.5 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}

/** The banner of a signed-in screen with no connection: what is shown is what this device kept. */
export function OfflineBanner() {
  const t = useT();
  return (
    <div role="status" className="mb-3 flex items-start gap-2 rounded-xl bg-slate-800 px-3 py-2 text-sm text-white" data-testid="offline-banner">
      <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">{t('offline.banner.title')}</span> {t('offline.banner.text')}
      </p>
    </div>
  );
}
