import { useState } from 'react';
import { Layers } from 'lucide-react';
import { cn } from '../../../components/ui/cn';
import { useT } from '../../../lib/i18n/i18n';
import type { GhostSource } from './ghost-source';
import { useSourceImage } from './use-source-image';

/** The before photo over the live preview at 40%, to line up the after shot; 'Show before' hides it. */
/** `togglePlace`: where 'Show before' sits (the full-screen camera keeps its top bar clear). */
export function GhostOverlay({ source, mirrored, togglePlace = 'top-3 right-3' }: { source: GhostSource | null; mirrored: boolean; togglePlace?: string }) {
  const t = useT();
  const [shown, setShown] = useState(true);
  const image = useSourceImage(source, shown);
  if (!source) return null;
  return (
    <>
      {shown && (
        <img
          ref={image}
          src={source.kind === 'stored' ? source.url : undefined}
          alt=""
          aria-hidden="true"
          data-testid="ghost-overlay"
          className={cn('pointer-events-none absolute inset-0 size-full object-cover opacity-40', mirrored && '-scale-x-100')}
        />
      )}
      <button
        type="button"
        aria-pressed={shown}
        onClick={() => setShown((value) => !value)}
        className={cn(
          'absolute inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-xs font-semibold text-white shadow ring-1 ring-white/40 backdrop-blur focus-visible:outline-2 focus-visible:outline-white',
          togglePlace,
          shown ? 'bg-brand-700/90' : 'bg-slate-900/60',
        )}
      >
        <Layers className="size-4" aria-hidden="true" /> {t('camera.showBefore')}
      </button>
    </>
  );
}
