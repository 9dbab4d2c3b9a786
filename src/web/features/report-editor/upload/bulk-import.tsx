// Many files chosen (or dropped) at once: shown in the order taken, the earlier half as befores and
// the later as afters, each with a one-tap swap; Import keeps them all and pairs them by time.
// One progress line for the batch instead of a toast per file.
import { useEffect, useRef } from 'react';
import { ArrowLeftRight, Upload, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useT } from '../../../lib/i18n/i18n';
import { formatDateTime } from '../../../lib/format';
import { photoTypeBadge } from '../../../lib/photo-type-label';
import { swapType, type BulkItem } from './bulk-plan';

export function BulkImportReview({
  items,
  onChange,
  onImport,
  onCancel,
  importing,
}: {
  items: BulkItem<File>[];
  onChange: (items: BulkItem<File>[]) => void;
  onImport: () => void;
  onCancel: () => void;
  importing: boolean;
}) {
  const t = useT();
  const befores = items.filter((item) => item.type === 'before').length;
  const importRef = useRef<HTMLButtonElement>(null);
  // The chooser has closed: keyboard focus goes to what to do next, not to the top of the page.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) importRef.current?.focus();
  }, []);
  return (
    <section aria-labelledby="bulk-title" data-testid="bulk-import">
      <h3 id="bulk-title" className="font-semibold">
        {t('bulk.title', { count: items.length })}
      </h3>
      <p className="text-sm text-slate-600">{t('bulk.hint', { befores, afters: items.length - befores })}</p>
      <ol className="mt-2 grid max-h-96 grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3">
        {items.map((item, index) => (
          <li key={`${item.file.name}-${index}`} className="relative overflow-hidden rounded-lg bg-slate-100" data-testid="bulk-item">
            <FilePreview file={item.file} />
            {item.capturedAt && (
              <time dateTime={item.capturedAt} className="absolute top-1 left-1 rounded bg-slate-900/70 px-1.5 text-[11px] font-medium text-white tabular-nums">
                {formatDateTime(item.capturedAt)}
              </time>
            )}
            <button
              type="button"
              onClick={() => onChange(swapType(items, index))}
              disabled={importing}
              aria-label={t('bulk.swap', { number: index + 1, type: photoTypeBadge(item.type) })}
              className={cn(
                'absolute right-1 bottom-1 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-xs font-bold text-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                item.type === 'before' ? 'bg-amber-700' : 'bg-brand-700',
              )}
            >
              {photoTypeBadge(item.type)} <ArrowLeftRight className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ol>
      <div className="mt-3 grid grid-cols-[1fr_auto] gap-2">
        <Button ref={importRef} size="lg" onClick={onImport} disabled={importing}>
          <Upload className="size-5" aria-hidden="true" />
          {importing ? t('common.saving') : t('bulk.import', { count: items.length })}
        </Button>
        <Button size="lg" variant="secondary" onClick={onCancel} disabled={importing}>
          <X className="size-5" aria-hidden="true" />
          {t('common.cancel')}
        </Button>
      </div>
    </section>
  );
}

/** How far the last batch has gone: one line and one bar, until every photo of it is on the server. */
export function BulkProgress({ total, remaining }: { total: number; remaining: number }) {
  const t = useT();
  const done = total - remaining;
  return (
    <div className="mt-3 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-200" data-testid="bulk-progress">
      <p className="text-sm font-medium text-brand-900" aria-live="polite">
        {remaining === 0 ? t('bulk.done', { count: total }) : t('bulk.progress', { done, total })}
      </p>
      <div
        role="progressbar"
        aria-label={t('bulk.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="mt-2 h-2 overflow-hidden rounded-full bg-white"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round((done / Math.max(1, total)) * 100)}%` }} />
      </div>
    </div>
  );
}

function FilePreview({ file }: { file: File }) {
  const t = useT();
  const image = useRef<HTMLImageElement>(null);
  // The object URL lives exactly as long as this effect.
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={image} alt={t('bulk.previewAlt', { name: file.name })} className="aspect-[4/3] w-full bg-slate-200 object-cover" />;
}
