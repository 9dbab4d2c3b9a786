import { t } from '../../lib/i18n/i18n';
import { photoTypeName } from '../../lib/photo-type-label';
import type { PhotoType } from '@shared/contract/projects';
import { cn } from '../../components/ui/cn';
import { arrowKeyChoice, choiceTabIndex } from '../../components/ui/arrow-key-choice';

const OPTIONS: PhotoType[] = ['before', 'after'];

/** spec §2: the photo type selector toggles before and after; before is the default. */
export function PhotoTypeSelector({ value, onChange }: { value: PhotoType; onChange: (type: PhotoType) => void }) {
  return (
    <div role="radiogroup" aria-label={t('photoType.label')} onKeyDown={arrowKeyChoice(OPTIONS, value, onChange)} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
      {OPTIONS.map((option) => {
        const selected = option === value;
        return (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={choiceTabIndex(selected)}
            data-choice
            onClick={() => onChange(option)}
            className={cn(
              'min-h-11 rounded-lg text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-brand-700',
              selected ? (option === 'before' ? 'bg-amber-700 text-white shadow-sm' : 'bg-brand-700 text-white shadow-sm') : 'text-slate-600 hover:bg-white',
            )}
          >
            {photoTypeName(option)}
          </button>
        );
      })}
    </div>
  );
}
