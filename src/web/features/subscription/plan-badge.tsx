import { t } from '../../lib/i18n/i18n';
import { cn } from '../../components/ui/cn';

export function PlanBadge({ badge }: { badge: 'Trial' | 'Active' }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        badge === 'Active' ? 'bg-brand-700 text-white' : 'bg-amber-100 text-amber-900 ring-1 ring-amber-200 ring-inset',
      )}
    >
      {badge === 'Active' ? t('plan.badge.active') : t('plan.badge.trial')}
    </span>
  );
}
