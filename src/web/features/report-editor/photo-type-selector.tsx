import { t } from '../../lib/i18n/i18n';
import { photoTypeName } from '../../lib/photo-type-label';
import type { PhotoType } from '@shared/contract/projects';
import { cn } from '../../components/ui/cn';
import { arrowKeyChoice, choiceTabIndex } from '../../components/ui/arrow-key-choice';

const OPTIONS: PhotoType[] = ['before', 'after'];

/** The card's selector, and the full-screen camera's larger one on a dark viewfinder (for a gloved thumb). */
const LOOKS = {
  card: {
    group: 'rounded-xl bg-slate-100',
    option: 'min-h-11 rounded-lg text-sm font-semibold transition-colors focus-visible:outline-brand-700',
    selected: 'shadow-sm',
    unselected: 'text-slate-600 hover:bg-white',
  },
  field: {
    group: 'rounded-2xl bg-white/15',
    option: 'min-h-14 rounded-xl text-lg font-bold focus-visible:outline-white',
    selected: '',
    unselected: 'text-white/85 hover:bg-white/10',
  },
} as const;

/** spec §2: the photo type selector toggles before and after; before is the default. */
export function PhotoTypeSelector({ value, onChange, look = 'card' }: { value: PhotoType; onChange: (type: PhotoType) => void; look?: keyof typeof LOOKS }) {
  const style = LOOKS[look];
  return (
    <div
      role="radiogroup"
      aria-label={t('photoType.label')}
      onKeyDown={arrowKeyChoice(OPTIONS, value, onChange)}
      className={cn('grid grid-cols-2 gap-1 p-1', style.group)}
    >
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
              'focus-visible:outline-2',
              style.option,
              selected ? cn(option === 'before' ? 'bg-amber-700 text-white' : 'bg-brand-700 text-white', style.selected) : style.unselected,
            )}
          >
            {photoTypeName(option)}
          </button>
        );
      })}
    </div>
  );
}
