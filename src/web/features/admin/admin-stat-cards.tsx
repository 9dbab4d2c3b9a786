import type { ComponentType } from 'react';
import { BadgeCheck, CalendarDays, CalendarRange, Clock, UserPlus, Users } from 'lucide-react';
import type { AdminAnalytics } from '@shared/contract/admin';
import { formatCount } from './admin-format';

interface Stat {
  label: string;
  value: number;
  note: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

function percentOf(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`;
}

/** The spec §3 figures as cards; two columns on a phone, three from tablet width. */
export function AdminStatCards({ analytics }: { analytics: AdminAnalytics }) {
  const stats: Stat[] = [
    { label: 'Total Users', value: analytics.totalUsers, note: 'All accounts', icon: Users },
    { label: 'Trial Users', value: analytics.trialUsers, note: `${formatCount(analytics.trialEndedUsers)} with trial ended`, icon: Clock },
    { label: 'Subscribed Users', value: analytics.subscribedUsers, note: `${percentOf(analytics.subscribedUsers, analytics.totalUsers)} of users`, icon: BadgeCheck },
    { label: 'New Today', value: analytics.newUsersToday, note: 'Since 00:00 UTC', icon: UserPlus },
    { label: 'New This Week', value: analytics.newUsersThisWeek, note: 'Since Monday, UTC', icon: CalendarRange },
    { label: 'New This Month', value: analytics.newUsersThisMonth, note: 'Since the 1st, UTC', icon: CalendarDays },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4" aria-label="User figures">
      {stats.map(({ label, value, note, icon: Icon }) => (
        <li key={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-medium text-slate-600">{label}</p>
            <Icon className="size-5 shrink-0 text-brand-700" aria-hidden />
          </div>
          <p className="mt-2 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
            {formatCount(value)}
          </p>
          <p className="mt-1 text-xs text-slate-500">{note}</p>
        </li>
      ))}
    </ul>
  );
}
