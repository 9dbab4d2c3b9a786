import { useEffect, useRef, useState } from 'react';
import { Layers } from 'lucide-react';
import { cn } from '../../../components/ui/cn';
import { useT } from '../../../lib/i18n/i18n';
import type { GhostSource } from './ghost-source';

/** The before photo over the live preview at 40%, to line up the after shot; 'Show before' hides it. */
export function GhostOverlay({ source, mirrored }: { source: GhostSource | null; mirrored: boolean }) {
  const t = useT();
  const [shown, setShown] = useState(true);
  const image = useRef<HTMLImageElement>(null);
  const kept = source?.kind === 'kept' ? source.upload : null;
  const [keptBytes, keptType] = [kept?.bytes, kept?.mimeType];
  // A photo still on this device is shown from its bytes, by an object URL that lives as long as
  // this effect. Keyed by the bytes, not the queue's view of them: that view is new at every
  // upload progress report, and the ghost would flicker while the after shot is lined up.
  useEffect(() => {
    if (!keptBytes || !image.current) return;
    const url = URL.createObjectURL(new Blob([keptBytes], { type: keptType }));
    image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [keptBytes, keptType, shown]);
  if (!source) return null;
  return (
    <>
      {shown && <img ref={image} src={source.kind === 'stored' ? source.url : undefined} alt="" aria-hidden="true" data-testid="ghost-overlay" className={cn('pointer-events-none absolute inset-0 size-full object-cover opacity-40', mirrored && '-scale-x-100')} />}
      <button
        type="button"
        aria-pressed={shown}
        onClick={() => setShown((value) => !value)}
        className={cn(
          'absolute top-3 right-3 inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-xs font-semibold text-white shadow ring-1 ring-white/40 backdrop-blur focus-visible:outline-2 focus-visible:outline-white',
          shown ? 'bg-brand-700/90' : 'bg-slate-900/60',
        )}
      >
        <Layers className="size-4" aria-hidden="true" /> {t('camera.showBefore')}
      </button>
    </>
  );
}
