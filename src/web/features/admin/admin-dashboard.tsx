import { useEffect } from 'react';
import { RefreshCw } from 'lucide-react';
import { RECENT_USERS_LIMIT } from '@shared/admin-figures';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { isUnauthorized } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { showLocked, useAdminAnalytics } from './admin-api';
import { AdminStatCards } from './admin-stat-cards';
import { ExportCsvButton } from './export-csv-button';
import { RecentUsersList } from './recent-users-list';
import { SignupsChart } from './signups-chart';
import { formatDay } from './admin-format';

/** The unlocked view: figures, sign-ups chart, newest users and the CSV export (spec §3, §6). */
export function AdminDashboard() {
  const analytics = useAdminAnalytics(true);
  const sessionEnded = analytics.isError && isUnauthorized(analytics.error);

  useEffect(() => {
    if (!sessionEnded) return;
    toast({ title: 'Admin Session Ended', description: 'Please enter the admin password again.', variant: 'destructive' });
    showLocked();
  }, [sessionEnded]);

  if (analytics.isPending || sessionEnded) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading analytics" />
      </div>
    );
  }
  if (analytics.isError) {
    return (
      <Card className="mx-auto max-w-md text-center" role="alert">
        <p className="font-medium text-slate-900">Unable to load analytics data.</p>
        <Button variant="secondary" className="mt-4" onClick={() => void analytics.refetch()} disabled={analytics.isFetching}>
          <RefreshCw className="size-4" aria-hidden="true" /> Try again
        </Button>
      </Card>
    );
  }

  const data = analytics.data;
  return (
    <div className="space-y-4 sm:space-y-6">
      <AdminStatCards analytics={data} />
      <Card>
        <CardTitle>Sign-ups per day</CardTitle>
        <div className="mt-3">
          <SignupsChart days={data.signupsByDay} />
        </div>
      </Card>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <CardTitle>Recent users</CardTitle>
            <p className="text-sm text-slate-500">The {RECENT_USERS_LIMIT} newest; the export has everyone.</p>
          </div>
          <ExportCsvButton />
        </div>
        <div className="mt-3">
          <RecentUsersList users={data.recentUsers} />
        </div>
      </Card>
      <p className="text-center text-xs text-slate-500">
        Figures as of {formatDay(data.generatedAt)}, {new Date(data.generatedAt).toISOString().slice(11, 16)} UTC.{' '}
        <button type="button" className="min-h-11 font-medium text-brand-700 hover:underline" onClick={() => void analytics.refetch()} disabled={analytics.isFetching}>
          {analytics.isFetching ? 'Refreshing...' : 'Refresh'}
        </button>
      </p>
    </div>
  );
}
