import type { ComponentType } from 'react';
import { BadgeCheck, CalendarDays, CalendarRange, Clock, UserPlus, Users } from 'lucide-react';
import type { AdminAnalytics } from '@shared/contract/admin';
import { useT } from '../../lib/i18n/i18n';
import { formatCount, formatShare } from './admin-format';

interface Stat {
  label: string;
  value: number;
  note: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

/** The spec §3 figures as cards; two columns on a phone, three from tablet width. */
export function AdminStatCards({ analytics }: { analytics: AdminAnalytics }) {
  const t = useT();
  const stats: Stat[] = [
    { label: t('admin.stats.total'), value: analytics.totalUsers, note: t('admin.stats.totalNote'), icon: Users },
    {
      label: t('admin.stats.trial'),
      value: analytics.trialUsers,
      note: t('admin.stats.trialNote', { count: formatCount(analytics.trialEndedUsers) }),
      icon: Clock,
    },
    {
      label: t('admin.stats.subscribed'),
      value: analytics.subscribedUsers,
      note: t('admin.stats.subscribedNote', { percent: formatShare(analytics.subscribedUsers, analytics.totalUsers) }),
      icon: BadgeCheck,
    },
    { label: t('admin.stats.today'), value: analytics.newUsersToday, note: t('admin.stats.todayNote'), icon: UserPlus },
    { label: t('admin.stats.week'), value: analytics.newUsersThisWeek, note: t('admin.stats.weekNote'), icon: CalendarRange },
    { label: t('admin.stats.month'), value: analytics.newUsersThisMonth, note: t('admin.stats.monthNote'), icon: CalendarDays },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4" aria-label={t('admin.stats.label')}>
      {stats.map(({ label, value, note, icon: Icon }) => (
        <li key={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-medium text-slate-600">{label}</p>
            <Icon className="size-5 shrink-0 text-brand-700" aria-hidden />
          </div>
          <p className="mt-2 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{formatCount(value)}</p>
          <p className="mt-1 text-xs text-slate-500">{note}</p>
        </li>
      ))}
    </ul>
  );
}
