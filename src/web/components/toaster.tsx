import { dismissToast, toastsDialogs, useToasts, type ToastItem } from '../lib/toast';
import { cn } from './ui/cn';
import { t as translate } from '../lib/i18n/i18n';

const REGION = 'flex w-full flex-col items-center gap-2 sm:items-end';

/**
 * Renders the one visible toast at the bottom on phones, top-right on desktop; while a dialog is
 * open the dialog shows it instead, under its title (ui/dialog-toasts.tsx). Two live regions,
 * there from the first paint so screen readers watch them: news is read politely (role="status"),
 * a failure at once (role="alert").
 */
export function Toaster() {
  const all = useToasts();
  const toasts = toastsDialogs.length ? [] : all;
  // Over the full-screen camera (html[data-camera-open]) toasts go to the top, clear of the shutter.
  return (
    <div
      data-toast-region
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:top-0 sm:bottom-auto sm:items-end [html[data-camera-open]_&]:top-14 [html[data-camera-open]_&]:bottom-auto"
    >
      <ToastRegions toasts={toasts} className={REGION} roles />
    </div>
  );
}

/**
 * News read politely, a failure at once: two live regions. On the page they also carry their
 * roles; inside a dialog aria-live alone, since a dialog's role="status" is its own loading
 * indicator.
 */
export function ToastRegions({ toasts, className, roles = false }: { toasts: readonly ToastItem[]; className: string; roles?: boolean }) {
  return (
    <>
      <div role={roles ? 'status' : undefined} aria-live="polite" className={className}>
        {toasts
          .filter((t) => t.variant !== 'destructive')
          .map((t) => (
            <Toast key={t.id} toast={t} />
          ))}
      </div>
      <div role={roles ? 'alert' : undefined} aria-live="assertive" className={className}>
        {toasts
          .filter((t) => t.variant === 'destructive')
          .map((t) => (
            <Toast key={t.id} toast={t} />
          ))}
      </div>
    </>
  );
}

export function Toast({ toast: t }: { toast: ToastItem }) {
  return (
    <div
      data-testid="toast"
      className={cn(
        'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl p-4 shadow-lg ring-1',
        t.variant === 'destructive' ? 'bg-red-700 text-white ring-red-800' : 'bg-white text-slate-900 ring-slate-200',
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t.title}</p>
        {t.description && <p className={cn('mt-0.5 text-sm', t.variant === 'destructive' ? 'text-red-50' : 'text-slate-600')}>{t.description}</p>}
      </div>
      {t.action && (
        <button
          type="button"
          onClick={() => {
            t.action?.onClick();
            dismissToast(t.id);
          }}
          className={cn(
            '-my-2 min-h-11 shrink-0 rounded-lg px-3 text-sm font-semibold underline-offset-2 hover:underline',
            t.variant === 'destructive' ? 'text-white focus-visible:outline-white' : 'text-brand-700',
          )}
        >
          {t.action.label}
        </button>
      )}
      <button
        type="button"
        aria-label={translate('toast.dismiss')}
        onClick={() => dismissToast(t.id)}
        className={cn(
          '-m-2 min-h-11 min-w-11 rounded-lg text-lg leading-none',
          t.variant === 'destructive' ? 'hover:bg-white/10 focus-visible:outline-white' : 'text-slate-600 hover:bg-slate-100',
        )}
      >
        ×
      </button>
    </div>
  );
}
