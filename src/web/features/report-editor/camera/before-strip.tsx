// Shoot-to-pair: in After mode, the unpaired befores as a strip of thumbnails. The one selected is
// the ghost over the preview and the before the next after is paired with as it is stored; a tap
// on it again leaves the next after unpaired (Auto Pair All can pair it later).
import { Check } from 'lucide-react';
import { useSourceImage } from './use-source-image';
import { cn } from '../../../components/ui/cn';
import { useT } from '../../../lib/i18n/i18n';
import type { GhostCandidate } from './ghost-source';

export function BeforeStrip({
  candidates,
  selectedKey,
  onSelect,
  className,
}: {
  candidates: readonly GhostCandidate[];
  selectedKey: string | null;
  onSelect: (key: string | null) => void;
  className?: string;
}) {
  const t = useT();
  if (candidates.length === 0) return null;
  const selectedNumber = candidates.findIndex((candidate) => candidate.key === selectedKey) + 1;
  return (
    <div className={className} data-testid="before-strip">
      <p className="text-xs font-semibold text-white" id="before-strip-caption" aria-live="polite">
        {selectedNumber > 0 ? t('camera.pairsWith', { number: selectedNumber }) : t('camera.pairsWithNone')}
      </p>
      <ul className="mt-1 flex gap-2 overflow-x-auto pb-1" aria-label={t('camera.strip')}>
        {candidates.map((candidate, index) => {
          const selected = candidate.key === selectedKey;
          return (
            <li key={candidate.key} className="shrink-0">
              <button
                type="button"
                aria-pressed={selected}
                aria-label={t('camera.pairWith', { number: index + 1 })}
                data-testid="before-choice"
                onClick={() => onSelect(selected ? null : candidate.key)}
                className={cn(
                  'relative block w-16 overflow-hidden rounded-lg ring-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white',
                  selected ? 'ring-white' : 'ring-white/30 opacity-80',
                )}
              >
                <StripThumbnail candidate={candidate} />
                <span className="absolute bottom-0.5 left-0.5 rounded bg-amber-700 px-1 text-[11px] font-bold text-white">{index + 1}</span>
                {selected && (
                  <span className="absolute top-0.5 right-0.5 flex size-5 items-center justify-center rounded-full bg-white text-brand-800" aria-hidden="true">
                    <Check className="size-3.5" />
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function StripThumbnail({ candidate }: { candidate: GhostCandidate }) {
  const image = useSourceImage(candidate.source);
  return (
    <img
      ref={image}
      src={candidate.source.kind === 'stored' ? candidate.source.url : undefined}
      alt=""
      width={64}
      height={48}
      className="aspect-[4/3] w-full bg-slate-700 object-cover"
    />
  );
}
