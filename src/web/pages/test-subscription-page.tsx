// /test-subscription (spec §2): a debug page with the signed-in user's own details and
// subscription status, and a button that calls createSubscription.
import { Link } from 'wouter';
import type { UpgradeResponse } from '@shared/contract/billing';
import { SignedInHeader } from './signed-in-header';
import { Button } from '../components/ui/button';
import { Card, CardTitle } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { describeError } from '../lib/api-client';
import { useCurrentUser } from '../lib/auth';
import { toast } from '../lib/toast';
import { useSubscriptionStatus } from '../lib/access';
import { API_ROUTES } from '../lib/api/api-routes.generated';
import { apiPath } from '../lib/api/api-paths';
import { refreshSubscriptionCaches, useBillingConfig, useUpgradeSubscription } from '../features/subscription/api/subscription-queries';
import { useT } from '../lib/i18n/i18n';
import { usePageTitle } from '../lib/page-title';

// Labels in the UI's language; the API's own field names (subscriptionActive, …) and the raw
// values stay as the API sends them: this is a debug view of that data.
type Row = [label: string, value: string | number | boolean | null | undefined];

function Facts({ rows }: { rows: Row[] }) {
  return (
    <dl className="mt-3 divide-y divide-slate-100 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
          <dt className="text-slate-500">{label}</dt>
          <dd className="min-w-0 font-mono break-all text-slate-900">{value === null || value === undefined || value === '' ? '—' : String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function TestSubscriptionPage() {
  const { data: user } = useCurrentUser();
  const status = useSubscriptionStatus({ alwaysFresh: true });
  const config = useBillingConfig();
  const create = useUpgradeSubscription('createSubscription');
  const t = useT();
  usePageTitle('testSubscription');

  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: (response: UpgradeResponse) => {
        toast({
          title: t('testSubscription.createdToast'),
          description: t('testSubscription.createdText', { id: response.subscriptionId, status: response.status }),
        });
        void refreshSubscriptionCaches();
      },
      onError: (error) => toast({ title: t('common.error'), description: describeError(error, t('testSubscription.createFailed')), variant: 'destructive' }),
    });

  return (
    <div className="min-h-dvh">
      <SignedInHeader />
      <main className="mx-auto max-w-3xl space-y-4 px-4 py-6">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('testSubscription.title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{t('testSubscription.lead')}</p>
        </div>

        <Card>
          <CardTitle>{t('testSubscription.user')}</CardTitle>
          <Facts
            rows={[
              [t('auth.email'), user?.email],
              [t('auth.businessName'), user?.businessName],
              [t('testSubscription.created'), user?.createdAt],
              [t('testSubscription.trialEnds'), user?.trialEndsAt],
              [t('testSubscription.stripeId'), user?.stripeSubscriptionId],
            ]}
          />
        </Card>

        <Card>
          <CardTitle>{t('testSubscription.status')}</CardTitle>
          {status.isPending ? (
            <div className="py-4">
              <Spinner label={t('testSubscription.loadingStatus')} />
            </div>
          ) : status.data ? (
            <Facts
              rows={[
                ['subscriptionActive', status.data.subscriptionActive],
                ['trialActive', status.data.trialActive],
                ['trialDaysLeft', status.data.trialDaysLeft],
                ['trialEndsAt', status.data.trialEndsAt],
                ['nextBillingDate', status.data.nextBillingDate],
                ['hasAccess', status.data.hasAccess],
                ['status', status.data.status],
                ['cancelAtPeriodEnd', status.data.cancelAtPeriodEnd],
                [t('testSubscription.provider'), config.data?.mode],
              ]}
            />
          ) : (
            <p className="mt-3 text-sm text-red-700">{t('testSubscription.statusFailed')}</p>
          )}
        </Card>

        <Card>
          <CardTitle>{t('testSubscription.createTitle')}</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            {t('testSubscription.createLead', { method: API_ROUTES.createSubscription.method, path: apiPath('createSubscription') })}
          </p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Button onClick={onCreate} disabled={create.isPending}>
              {create.isPending ? t('common.creating') : t('testSubscription.create')}
            </Button>
            <Link
              href="/subscribe"
              className="inline-flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-medium text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-50"
            >
              {t('testSubscription.goToPayment')}
            </Link>
          </div>
          {create.data && (
            <Facts
              rows={[
                ['subscriptionId', create.data.subscriptionId],
                ['status', create.data.status],
                ['clientSecret', create.data.clientSecret ? `${create.data.clientSecret.slice(0, 14)}…` : null],
              ]}
            />
          )}
        </Card>
      </main>
    </div>
  );
}
