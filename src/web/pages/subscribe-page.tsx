// /subscribe 'Upgrade to Pro' (spec §2, §4, §8). A user whose trial has ended may still subscribe
// (a deliberate deviation from the spec, docs/spec-deviations.md); 'No Active Trial' only when no payment can be taken at all.
import { t } from '../lib/i18n/i18n';
import { formatDate, formatPrice, formatPricePerMonth } from '../lib/format';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Check, ShieldCheck } from 'lucide-react';
import type { BillingConfig, SubscriptionStatus } from '@shared/contract/billing';
import { PRODUCT_NAME } from '@shared/rules';
import { SignedInHeader } from './signed-in-header';
import { Button } from '../components/ui/button';
import { Card, CardTitle } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { ApiError } from '../lib/api-client';
import { toast } from '../lib/toast';
import { useSubscriptionStatus } from '../lib/access';
import { refreshSubscriptionCaches, useBillingConfig, useUpgradeSubscription } from '../features/subscription/api/subscription-queries';
import { SandboxCardForm } from '../features/subscription/sandbox-card-form';
import type { PaymentFormProps } from '../features/subscription/payment-form-props';
import { usePageTitle } from '../lib/page-title';
import { useCurrentUser } from '../lib/auth';
import { mayCall } from '../lib/roles';

const StripePaymentForm = lazy(() => import('../features/subscription/stripe-payment-form'));

const PRO_FEATURES = ['landing.feature.unlimited', 'landing.feature.branded', 'landing.feature.support', 'landing.feature.storage'] as const;

export default function SubscribePage() {
  const status = useSubscriptionStatus({ alwaysFresh: true });
  const config = useBillingConfig();
  const [, navigate] = useLocation();
  const decided = useRef(false);
  usePageTitle('subscribe');

  // spec §4: an active subscriber goes home with 'Already Subscribed'; nobody can pay -> 'No Active Trial'.
  useEffect(() => {
    if (decided.current || !status.data || status.isFetching || !config.data) return;
    if (status.data.subscriptionActive) {
      decided.current = true;
      toast({ title: t('subscribe.alreadySubscribed'), description: t('subscribe.alreadySubscribedText', { product: PRODUCT_NAME }) });
      navigate('/');
    } else if (!status.data.hasAccess && config.data.mode === 'none') {
      decided.current = true;
      toast({ title: t('subscribe.noTrial'), description: t('subscribe.contactSupport'), variant: 'destructive' });
      navigate('/');
    }
  }, [status.data, status.isFetching, config.data, navigate]);

  const ready = status.data && config.data && !status.isFetching && !status.data.subscriptionActive;
  return (
    <div className="min-h-dvh">
      <SignedInHeader />
      <main className="mx-auto max-w-4xl px-4 py-6 sm:py-10">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('upgrade.toPro')}</h1>
        {status.isError || config.isError ? (
          <p role="alert" className="mt-4 text-red-700">
            {t('subscribe.loadFailed')}
          </p>
        ) : !ready ? (
          <div className="flex justify-center py-16">
            <Spinner label={t('subscription.loading')} />
          </div>
        ) : (
          <SubscribeContent
            status={status.data}
            config={config.data}
            onDone={() => {
              decided.current = true;
            }}
          />
        )}
      </main>
    </div>
  );
}

function leadText(status: SubscriptionStatus): string {
  if (status.accessBlockedReason === 'payment_failed') return t('subscribe.lead.paymentFailed');
  if (!status.hasAccess) return t('subscribe.lead.trialEnded');
  return t('subscribe.lead.trial', { days: status.trialDaysLeft, date: formatDate(status.trialEndsAt, 'long', 'UTC') });
}

function SubscribeContent({ status, config, onDone }: { status: SubscriptionStatus; config: BillingConfig; onDone: () => void }) {
  const [, navigate] = useLocation();
  const upgrade = useUpgradeSubscription();
  const { data: user } = useCurrentUser();
  const mayPay = mayCall(user?.role, 'upgradeSubscription');
  const [started, setStarted] = useState<Pick<PaymentFormProps, 'clientSecret' | 'intent' | 'firstChargeAt'> | null>(null);

  const onPaid = useCallback(() => {
    onDone();
    toast({ title: t('subscribe.success'), description: t('subscribe.successText', { product: PRODUCT_NAME }) });
    navigate('/');
    void refreshSubscriptionCaches();
  }, [navigate, onDone]);
  const outcome: Omit<PaymentFormProps, 'clientSecret' | 'intent' | 'firstChargeAt'> = {
    onPaid,
    onFailed: (message) => toast({ title: t('subscribe.paymentFailed'), description: message, variant: 'destructive' }),
    onUnexpectedError: () => toast({ title: t('subscribe.paymentError'), description: t('subscribe.unexpectedError'), variant: 'destructive' }),
  };
  const onUnavailable = useCallback(
    () => toast({ title: t('subscribe.unavailable'), description: t('subscribe.unavailableText'), variant: 'destructive' }),
    [],
  );

  const startPayment = () =>
    upgrade.mutate(undefined, {
      onSuccess: (response) => {
        if (response.status === 'active') return onPaid();
        if (!response.clientSecret) {
          toast({ title: t('common.error'), description: t('subscribe.upgradeFailed'), variant: 'destructive' });
          return;
        }
        // spec §4: an upgrade status of incomplete prompts 'Payment Required'.
        if (response.status === 'incomplete') toast({ title: t('subscribe.paymentRequired'), description: t('subscribe.paymentRequiredText') });
        setStarted({ clientSecret: response.clientSecret, intent: response.intent, firstChargeAt: response.firstChargeAt });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          onDone();
          toast({ title: t('subscribe.alreadySubscribed'), description: t('subscribe.alreadySubscribedText', { product: PRODUCT_NAME }) });
          navigate('/');
          void refreshSubscriptionCaches();
          return;
        }
        toast({ title: t('common.error'), description: t('subscribe.upgradeFailed'), variant: 'destructive' });
      },
    });

  return (
    <>
      <p className="mt-2 max-w-2xl text-slate-600">{leadText(status)}</p>
      <div className="mt-6 grid gap-4 md:grid-cols-2 md:items-start">
        <Card className="ring-2 ring-brand-700">
          <CardTitle>{t('landing.pro', { product: PRODUCT_NAME })}</CardTitle>
          <p className="mt-2">
            <span className="text-4xl font-bold">{formatPrice()}</span>
            <span className="text-slate-600"> {t('landing.perMonth')}</span>
          </p>
          <p className="mt-2 font-medium text-brand-800" data-testid="crew-included">
            {t('price.crewIncluded')}
          </p>
          <p className="mt-1 text-sm text-slate-600">{t('subscribe.billed')}</p>
          <ul className="mt-4 space-y-2">
            {PRO_FEATURES.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <Check className="size-5 shrink-0 text-brand-700" aria-hidden="true" /> {t(feature)}
              </li>
            ))}
          </ul>
        </Card>

        <Card aria-labelledby="payment-title">
          <CardTitle id="payment-title">{t('subscribe.payment')}</CardTitle>
          <div className="mt-4">
            {!mayPay ? (
              <p className="rounded-lg bg-slate-100 p-4 text-sm text-slate-700">{t('account.subscriptionByOwner', { business: user?.businessName ?? '' })}</p>
            ) : config.mode === 'none' ? (
              <p className="rounded-lg bg-slate-100 p-4 text-sm text-slate-700">{t('subscribe.noPayments')}</p>
            ) : started === null ? (
              <>
                <Button size="lg" className="w-full" disabled={upgrade.isPending} onClick={startPayment}>
                  {upgrade.isPending ? t('subscribe.preparing') : t('subscribe.subscribeFor', { pricePerMonth: formatPricePerMonth() })}
                </Button>
                <p className="mt-3 flex items-center gap-2 text-xs text-slate-500">
                  <ShieldCheck className="size-4 shrink-0" aria-hidden="true" /> {t('subscribe.cardNote', { product: PRODUCT_NAME })}
                </p>
              </>
            ) : config.mode === 'sandbox' ? (
              <SandboxCardForm {...started} {...outcome} />
            ) : (
              <Suspense fallback={<Spinner label={t('subscribe.loadingForm')} />}>
                <StripePaymentForm
                  publishableKey={config.publishableKey ?? ''}
                  returnUrl={config.returnUrl}
                  onUnavailable={onUnavailable}
                  {...started}
                  {...outcome}
                />
              </Suspense>
            )}
          </div>
        </Card>
      </div>
    </>
  );
}
