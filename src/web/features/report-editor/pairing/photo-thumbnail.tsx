import { t } from '../../../lib/i18n/i18n';
import { photoTypeBadge } from '../../../lib/photo-type-label';
import type { Photo } from '@shared/contract/projects';
import { cn } from '../../../components/ui/cn';
import { formatCaptureTime, formatDateTime } from '../../../lib/format';
import { initialsOf } from '../../../lib/crew';

/** A lazy thumbnail in a reserved 4:3 box, so the page never shifts as photos arrive. */
export function PhotoThumbnail({ photo, className }: { photo: Photo; className?: string }) {
  return (
    <img
      src={photo.thumbnailUrl}
      alt={t('photo.alt', { type: photoTypeBadge(photo.type) })}
      loading="lazy"
      decoding="async"
      width={320}
      height={240}
      className={cn('aspect-[4/3] w-full bg-slate-200 object-cover', className)}
    />
  );
}

export function PhotoTypeBadge({ type, className }: { type: Photo['type']; className?: string }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-[11px] font-bold tracking-wide text-white shadow-sm',
        type === 'before' ? 'bg-amber-700' : 'bg-brand-700',
        className,
      )}
    >
      {photoTypeBadge(type)}
    </span>
  );
}

/** Over a thumbnail's top corner: Before/After, and in a crew's report the taker's initials. */
export function PhotoBadges({ photo, namesTaker, className }: { photo: Photo; namesTaker: boolean; className?: string }) {
  return (
    <span className={cn('pointer-events-none flex items-center gap-1', className)}>
      <PhotoTypeBadge type={photo.type} />
      {namesTaker && photo.takenBy && <TakenByBadge name={photo.takenBy.name} />}
    </span>
  );
}

/** Who took the photo, as initials in a circle; the full name is its accessible name and tooltip. */
function TakenByBadge({ name }: { name: string }) {
  const label = t('capture.takenBy', { name });
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="taken-by"
      className="flex size-6 items-center justify-center rounded-full bg-white text-[10px] font-bold text-slate-900 shadow-sm ring-1 ring-slate-300"
    >
      {initialsOf(name)}
    </span>
  );
}

/** When the photo was taken, small over the thumbnail's corner; nothing when unknown. */
export function CaptureTimeBadge({ capturedAt, className }: { capturedAt: string | null; className?: string }) {
  if (!capturedAt) return null;
  const taken = t('capture.taken', { dateTime: formatDateTime(capturedAt) });
  return (
    <time
      dateTime={capturedAt}
      title={taken}
      aria-label={taken}
      data-testid="capture-time"
      className={cn('pointer-events-none rounded bg-slate-900/70 px-1.5 py-0.5 text-[11px] font-medium text-white tabular-nums', className)}
    >
      {formatCaptureTime(capturedAt)}
    </time>
  );
}
