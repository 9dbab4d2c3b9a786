import type { AdminRecentUser } from '@shared/contract/admin';
import { cn } from '../../components/ui/cn';
import { useT, type MessageId } from '../../lib/i18n/i18n';
import { formatDay } from './admin-format';

/** The status is a data value (the CSV's 'Subscribed' / 'Trial'); on screen it is said in the UI's language. */
const STATUS_TEXT: Record<AdminRecentUser['status'], MessageId> = { Subscribed: 'admin.status.subscribed', Trial: 'admin.status.trial' };

function StatusBadge({ status }: { status: AdminRecentUser['status'] }) {
  const t = useT();
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        status === 'Subscribed' ? 'bg-brand-100 text-brand-900' : 'bg-amber-100 text-amber-900',
      )}
    >
      {t(STATUS_TEXT[status])}
    </span>
  );
}

const businessNameOf = (user: AdminRecentUser) => user.businessName || '—';

/** The newest users: a table on wider screens, one card per user on a phone. */
export function RecentUsersList({ users }: { users: AdminRecentUser[] }) {
  const t = useT();
  if (users.length === 0) return <p className="py-6 text-center text-sm text-slate-500">{t('admin.users.none')}</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200 md:hidden" aria-label={t('admin.recentUsers')}>
        {users.map((user) => (
          <li key={user.id} className="py-3">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-semibold break-words text-slate-900">{businessNameOf(user)}</p>
              <StatusBadge status={user.status} />
            </div>
            <p className="mt-0.5 text-sm break-all text-slate-600">{user.email}</p>
            <p className="mt-1 text-xs text-slate-500">
              {t('admin.users.dates', { signedUp: formatDay(user.createdAt), trialEnds: formatDay(user.trialEndsAt) })}
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('admin.users.caption')}</caption>
          <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('admin.users.email')}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('admin.users.businessName')}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('admin.users.signupDate')}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('admin.users.trialEnds')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t('admin.users.status')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => (
              <tr key={user.id}>
                <td className="max-w-64 py-2.5 pr-4 break-all text-slate-900">{user.email}</td>
                <td className="max-w-56 py-2.5 pr-4 break-words">{businessNameOf(user)}</td>
                <td className="py-2.5 pr-4 whitespace-nowrap text-slate-600">{formatDay(user.createdAt)}</td>
                <td className="py-2.5 pr-4 whitespace-nowrap text-slate-600">{formatDay(user.trialEndsAt)}</td>
                <td className="py-2.5">
                  <StatusBadge status={user.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
