// The area being captured, its photos against its minimums, and the way to the area before and
// the next one: beside the camera in the card, and inside the full-screen camera on a phone, so a
// cleaner walks the whole job area by area without going back up to the list.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../../components/ui/cn';
import { useT } from '../../../lib/i18n/i18n';
import type { AreaProgress } from './area-gate';

const LOOKS = {
  card: {
    frame: 'rounded-xl bg-brand-50 p-1.5 ring-1 ring-brand-200 text-slate-900',
    detail: 'text-slate-700',
    button: 'text-brand-800 hover:bg-white focus-visible:outline-brand-700 disabled:text-slate-400',
  },
  field: {
    frame: 'rounded-2xl bg-white/10 p-1.5 text-white',
    detail: 'text-white/85',
    button: 'text-white hover:bg-white/10 focus-visible:outline-white disabled:text-white/40',
  },
} as const;

export function AreaStepper({
  progress,
  areaId,
  onSelect,
  look = 'card',
}: {
  progress: readonly AreaProgress[];
  areaId: number | null;
  onSelect: (areaId: number) => void;
  look?: keyof typeof LOOKS;
}) {
  const t = useT();
  const style = LOOKS[look];
  const index = progress.findIndex((entry) => entry.area.id === areaId);
  const current = progress[index];
  if (!current) return null;
  const previous = progress[index - 1];
  const next = progress[index + 1];
  const { area, before, after } = current;
  const button = cn('inline-flex min-h-12 shrink-0 items-center gap-0.5 rounded-xl px-1.5 font-semibold focus-visible:outline-2', style.button);
  return (
    <div className={cn('flex items-center gap-1', style.frame)} role="group" aria-label={t('areas.stepper')} data-testid="area-stepper">
      <button
        type="button"
        className={cn(button, 'min-w-12 justify-center')}
        disabled={!previous}
        onClick={() => previous && onSelect(previous.area.id)}
        aria-label={previous ? t('areas.previousNamed', { area: previous.area.name }) : t('areas.previous')}
      >
        <ChevronLeft className="size-6" aria-hidden="true" />
      </button>
      <p className="min-w-0 flex-1 text-center" aria-live="polite" data-testid="capturing-into">
        <span className="sr-only">{t('areas.capturingInto', { area: area.name })}</span>
        <span className="block leading-tight font-bold" aria-hidden="true">
          {area.name} <span className={cn('text-sm font-normal', style.detail)}>· {t('areas.position', { number: index + 1, count: progress.length })}</span>
        </span>
        <span className={cn('block text-sm leading-tight', style.detail)}>
          {area.skipped
            ? t('areas.skippedBecause', { reason: t(`areas.reason.${area.skipped.reason}`) })
            : t('areas.counts', { before, minBefore: area.minBefore, after, minAfter: area.minAfter })}
        </span>
      </p>
      <button
        type="button"
        className={button}
        disabled={!next}
        onClick={() => next && onSelect(next.area.id)}
        aria-label={next ? t('areas.nextNamed', { area: next.area.name }) : undefined}
      >
        {t('areas.next')}
        <ChevronRight className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
