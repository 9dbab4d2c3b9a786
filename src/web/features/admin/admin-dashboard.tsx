import { useEffect } from 'react';
import { RefreshCw } from 'lucide-react';
import { RECENT_USERS_LIMIT } from '@shared/admin-figures';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { isUnauthorized } from '../../lib/api-client';
import { useT } from '../../lib/i18n/i18n';
import { endedSession, useAdminAnalytics } from './admin-api';
import { AdminStatCards } from './admin-stat-cards';
import { ExportCsvButton } from './export-csv-button';
import { RecentUsersList } from './recent-users-list';
import { SignupsChart } from './signups-chart';
import { formatCount, formatDay, formatUtcTime } from './admin-format';

/** The unlocked view: figures, sign-ups chart, newest users and the CSV export (spec §3, §6). */
export function AdminDashboard() {
  const analytics = useAdminAnalytics(true);
  const sessionEnded = analytics.isError && isUnauthorized(analytics.error);
  const t = useT();

  useEffect(() => {
    if (!sessionEnded) return;
    endedSession();
  }, [sessionEnded]);

  if (analytics.isPending || sessionEnded) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('admin.loading')} />
      </div>
    );
  }
  if (analytics.isError) {
    return (
      <Card className="mx-auto max-w-md text-center" role="alert">
        <p className="font-medium text-slate-900">{t('admin.loadFailed')}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void analytics.refetch()} disabled={analytics.isFetching}>
          <RefreshCw className="size-4" aria-hidden="true" /> {t('common.tryAgainLower')}
        </Button>
      </Card>
    );
  }

  const data = analytics.data;
  return (
    <div className="space-y-4 sm:space-y-6">
      <AdminStatCards analytics={data} />
      <Card>
        <CardTitle>{t('admin.signupsPerDay')}</CardTitle>
        <div className="mt-3">
          <SignupsChart days={data.signupsByDay} />
        </div>
      </Card>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <CardTitle>{t('admin.recentUsers')}</CardTitle>
            <p className="text-sm text-slate-500">{t('admin.recentUsersNote', { count: formatCount(RECENT_USERS_LIMIT) })}</p>
          </div>
          <ExportCsvButton />
        </div>
        <div className="mt-3">
          <RecentUsersList users={data.recentUsers} />
        </div>
      </Card>
      <p className="text-center text-xs text-slate-500">
        {t('admin.figuresAsOf', { date: formatDay(data.generatedAt), time: formatUtcTime(data.generatedAt) })}{' '}
        <button
          type="button"
          className="min-h-11 font-medium text-brand-700 hover:underline"
          onClick={() => void analytics.refetch()}
          disabled={analytics.isFetching}
        >
          {analytics.isFetching ? t('admin.refreshing') : t('admin.refresh')}
        </button>
      </p>
    </div>
  );
}
