// "N days left · Upgrade" in the signed-in header from the trial's first day, so the end of the
// trial is never a surprise; amber for its last days. Gone once subscribed or when the trial is over
// (the access banner speaks then).
import { Link } from 'wouter';
import { Clock } from 'lucide-react';
import { TRIAL_WARNING_DAYS } from '@shared/rules';
import { useSubscriptionStatus } from '../lib/access';
import { t } from '../lib/i18n/i18n';
import { cn } from './ui/cn';

export function TrialChip() {
  const { data: status } = useSubscriptionStatus();
  if (!status || status.subscriptionActive || !status.trialActive) return null;
  const ending = status.trialDaysLeft <= TRIAL_WARNING_DAYS;
  return (
    <Link
      href="/subscribe"
      data-testid="trial-chip"
      data-ending={ending}
      className={cn(
        'inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium whitespace-nowrap sm:px-3 sm:text-sm',
        ending ? 'border-amber-400 bg-amber-100 text-amber-950 hover:bg-amber-200' : 'border-brand-200 bg-brand-50 text-brand-800 hover:bg-brand-100',
      )}
    >
      <Clock className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
      {t('trialChip.daysLeft', { days: status.trialDaysLeft })}
      {/* On a phone the header has room for the countdown only; the link still says where it goes. */}
      <span className="sr-only sm:not-sr-only">{t('trialChip.upgrade')}</span>
    </Link>
  );
}
