import { t } from '../../../lib/i18n/i18n';
import { photoTypeBadge } from '../../../lib/photo-type-label';
import { useEffect, useRef } from 'react';
import { CloudOff, Lock, RefreshCw } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { CaptureTimeBadge } from '../pairing/photo-thumbnail';
import type { QueuedUploadView } from './use-upload-queue';
import { outbox } from '../../../lib/outbox/app-outbox';

/** Photos taken but not on the server yet: shown as waiting, never lost. */
export function PendingUploads({ uploads }: { uploads: QueuedUploadView[] }) {
  if (uploads.length === 0) return null;
  const waitingFor = uploads.find((upload) => upload.waitingFor)?.waitingFor ?? null;
  return (
    <section aria-label={t('pending.label')} className="mt-4 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200" data-testid="pending-uploads">
      <div className="flex items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
          {waitingFor === 'upgrade' || waitingFor === 'reopen' ? (
            <Lock className="size-4" aria-hidden="true" />
          ) : waitingFor ? (
            <CloudOff className="size-4" aria-hidden="true" />
          ) : (
            <Spinner label={t('pending.uploading')} />
          )}
          {waitingFor ? t('pending.waitingCount', { count: uploads.length }) : t('pending.uploadingCount', { count: uploads.length })}
        </p>
        {(waitingFor === 'connection' || waitingFor === 'server') && (
          <button
            type="button"
            onClick={() => outbox.retryNow()}
            className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg px-3 text-sm font-medium text-amber-900 hover:bg-amber-100"
          >
            <RefreshCw className="size-4" aria-hidden="true" /> {t('pending.retry')}
          </button>
        )}
      </div>
      {waitingFor && <p className="text-xs text-amber-800">{t(WAITING_TEXT[waitingFor])}</p>}
      {/* A row that scrolls sideways once it is longer than the card: reachable by keyboard too. */}
      <ul
        className="mt-2 flex gap-2 overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-brand-700"
        tabIndex={0}
        aria-label={t('pending.label')}
      >
        {uploads.map((upload) => (
          <PendingThumbnail key={upload.id} upload={upload} />
        ))}
      </ul>
    </section>
  );
}

const WAITING_TEXT = {
  connection: 'pending.connection',
  server: 'pending.server',
  'sign-in': 'pending.signIn',
  upgrade: 'pending.upgrade',
  reopen: 'pending.reopen',
} as const;

/** Photos at least this big show how much of them has gone; smaller ones go in a moment. */
const SHOW_PERCENT_FROM_BYTES = 200 * 1024;

function PendingThumbnail({ upload }: { upload: QueuedUploadView }) {
  const image = useRef<HTMLImageElement>(null);
  // The object URL lives exactly as long as this effect (React may run effects twice in
  // development; a URL made during render would be revoked while still shown).
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([upload.bytes], { type: upload.mimeType }));
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [upload.bytes, upload.mimeType]);
  return (
    <li className="relative w-24 shrink-0">
      <img
        ref={image}
        alt={t('pending.thumbAlt', { type: photoTypeBadge(upload.type) })}
        className="aspect-[4/3] w-full rounded-lg bg-amber-100 object-cover opacity-80"
      />
      <span className="absolute top-1 left-1 rounded bg-slate-900/70 px-1.5 text-[10px] font-bold text-white">{photoTypeBadge(upload.type)}</span>
      <CaptureTimeBadge capturedAt={upload.capturedAt} className="absolute bottom-1.5 left-1" />
      {upload.status === 'uploading' && <UploadProgress upload={upload} />}
    </li>
  );
}

/** A bar per photo while it goes up, with a percentage for a large one. */
function UploadProgress({ upload }: { upload: QueuedUploadView }) {
  const percent = upload.progress === null ? null : Math.round(upload.progress * 100);
  const showPercent = percent !== null && upload.bytes.byteLength >= SHOW_PERCENT_FROM_BYTES;
  return (
    <>
      {showPercent && (
        <span className="absolute top-1 right-1 rounded bg-slate-900/70 px-1.5 text-[10px] font-bold text-white tabular-nums" data-testid="upload-percent">
          {percent}%
        </span>
      )}
      <div
        role="progressbar"
        aria-label={t('pending.progress', { type: photoTypeBadge(upload.type) })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="absolute inset-x-1 bottom-0 h-1 overflow-hidden rounded-full bg-white/50"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent ?? 5}%` }} />
      </div>
    </>
  );
}
