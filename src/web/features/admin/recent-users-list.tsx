import type { AdminRecentUser } from '@shared/contract/admin';
import { cn } from '../../components/ui/cn';
import { formatDay } from './admin-format';

function StatusBadge({ status }: { status: AdminRecentUser['status'] }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        status === 'Subscribed' ? 'bg-brand-100 text-brand-900' : 'bg-amber-100 text-amber-900',
      )}
    >
      {status}
    </span>
  );
}

const businessNameOf = (user: AdminRecentUser) => user.businessName || '—';

/** The newest users: a table on wider screens, one card per user on a phone. */
export function RecentUsersList({ users }: { users: AdminRecentUser[] }) {
  if (users.length === 0) return <p className="py-6 text-center text-sm text-slate-500">No users have signed up yet.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200 md:hidden" aria-label="Recent users">
        {users.map((user) => (
          <li key={user.id} className="py-3">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-semibold break-words text-slate-900">{businessNameOf(user)}</p>
              <StatusBadge status={user.status} />
            </div>
            <p className="mt-0.5 text-sm break-all text-slate-600">{user.email}</p>
            <p className="mt-1 text-xs text-slate-500">
              Signed up {formatDay(user.createdAt)} · Trial ends {formatDay(user.trialEndsAt)}
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Recent users, newest first</caption>
          <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">Email</th>
              <th scope="col" className="py-2 pr-4 font-medium">Business Name</th>
              <th scope="col" className="py-2 pr-4 font-medium">Signup Date</th>
              <th scope="col" className="py-2 pr-4 font-medium">Trial Ends</th>
              <th scope="col" className="py-2 font-medium">Status</th>
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
