// The 'Subscription Settings' dialog (spec §2, §4, §5): opened and closed by its parent; the
// status is fetched only while it is open (its body mounts only then).
import { CalendarClock, Crown, Sparkles } from 'lucide-react';
import { PRODUCT_NAME } from '@shared/rules';
import type { SubscriptionStatus } from '@shared/contract/billing';
import { Dialog } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../lib/toast';
import { describePlan, nextBillingText } from './plan-display';
import { t } from '../../lib/i18n/i18n';
import { accessBlockedHeadline } from '../../lib/i18n/error-text';
import { formatDate } from '../../lib/format';
import { useSubscriptionStatus } from '../../lib/access';
import { useCancelSubscription, useResumeSubscription } from './api/subscription-queries';
import { PlanBadge } from './plan-badge';

export function SubscriptionSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('subscription.title')} description={t('subscription.description', { product: PRODUCT_NAME })}>
      <SubscriptionSettingsBody onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function SubscriptionSettingsBody({ onClose }: { onClose: () => void }) {
  const { data: status, isPending, isError, refetch } = useSubscriptionStatus({ alwaysFresh: true });

  return (
    <div className="space-y-4">
      {isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={t('subscription.loading')} />
        </div>
      ) : isError || !status ? (
        <div className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>{t('subscription.loadFailed')}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void refetch()}>
            {t('common.tryAgainLower')}
          </Button>
        </div>
      ) : (
        <>
          <CurrentPlanCard status={status} />
          {status.trialActive && !status.subscriptionActive && <TrialNotice daysLeft={status.trialDaysLeft} />}
          {!status.hasAccess && <AccessEndedNotice status={status} />}
          {status.subscriptionActive && !status.cancelAtPeriodEnd && <CancelSubscriptionButton />}
          {status.subscriptionActive && status.cancelAtPeriodEnd && status.status !== 'canceled' && <ResumeSubscriptionButton />}
        </>
      )}
      <Button variant="secondary" className="w-full" onClick={onClose}>
        {t('common.close')}
      </Button>
    </div>
  );
}

function CurrentPlanCard({ status }: { status: SubscriptionStatus }) {
  const plan = describePlan(status);
  return (
    <section aria-labelledby="current-plan" className="rounded-xl border border-slate-200 p-4">
      <h3 id="current-plan" className="text-sm font-medium text-slate-500">
        {t('subscription.currentPlan')}
      </h3>
      <div className="mt-2 flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          {status.subscriptionActive ? (
            <Crown className="size-5 text-brand-700" aria-hidden="true" />
          ) : (
            <Sparkles className="size-5 text-brand-700" aria-hidden="true" />
          )}
          {plan.name}
        </p>
        <PlanBadge badge={plan.badge} />
      </div>
      <p className="mt-1 text-slate-700">{plan.detail}</p>
      {status.subscriptionActive && (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
          <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
          {status.cancelAtPeriodEnd && status.accessEndsAt
            ? t('subscription.cancelledUntil', { date: formatDate(status.accessEndsAt, 'long') })
            : t('subscription.nextBilling', { date: nextBillingText(status) })}
        </p>
      )}
    </section>
  );
}

/** 'Upgrade to Premium' navigates the browser to /subscribe (spec §2). */
function UpgradeButton() {
  return (
    <Button className="mt-3 w-full" onClick={() => window.location.assign('/subscribe')}>
      {t('subscription.upgradePremium')}
    </Button>
  );
}

function TrialNotice({ daysLeft }: { daysLeft: number }) {
  return (
    <section aria-labelledby="trial-period" className="rounded-xl border border-brand-200 bg-brand-50 p-4">
      <h3 id="trial-period" className="font-semibold text-brand-900">
        {t('subscription.trialPeriod')}
      </h3>
      <p className="mt-1 text-sm text-brand-900">{t('subscription.trialExpires', { days: daysLeft, product: PRODUCT_NAME })}</p>
      <UpgradeButton />
    </section>
  );
}

function AccessEndedNotice({ status }: { status: SubscriptionStatus }) {
  return (
    <section className="rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h3 className="font-semibold text-amber-900">{accessBlockedHeadline(status.accessBlockedReason)}</h3>
      <p className="mt-1 text-sm text-amber-900">{t('access.nextStep')}</p>
      <UpgradeButton />
    </section>
  );
}

function CancelSubscriptionButton() {
  const cancel = useCancelSubscription();
  const onCancel = () => {
    // spec §5: the exact browser confirmation; declined means nothing is sent.
    if (!window.confirm(t('subscription.cancelConfirm'))) return;
    cancel.mutate(undefined, {
      onSuccess: () => toast({ title: t('subscription.cancelled'), description: t('subscription.cancelledText') }),
      onError: () => toast({ title: t('common.error'), description: t('subscription.cancelFailed'), variant: 'destructive' }),
    });
  };
  return (
    <Button variant="ghost" className="w-full text-red-700! ring-1 ring-red-200 ring-inset hover:bg-red-50" disabled={cancel.isPending} onClick={onCancel}>
      {cancel.isPending ? t('subscription.cancelling') : t('subscription.cancel')}
    </Button>
  );
}

/** A cancel taken back before the paid period ends: the subscription renews as before. */
function ResumeSubscriptionButton() {
  const resume = useResumeSubscription();
  const onResume = () =>
    resume.mutate(undefined, {
      onSuccess: () => toast({ title: t('subscription.resumed'), description: t('subscription.resumedText') }),
      onError: () => toast({ title: t('common.error'), description: t('subscription.resumeFailed'), variant: 'destructive' }),
    });
  return (
    <Button className="w-full" disabled={resume.isPending} onClick={onResume}>
      {resume.isPending ? t('subscription.resuming') : t('subscription.resume')}
    </Button>
  );
}
