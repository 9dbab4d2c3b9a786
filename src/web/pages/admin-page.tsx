import { Link } from 'wouter';
import { Lock } from 'lucide-react';
import { BrandMark } from '../components/brand-mark';
import { Button } from '../components/ui/button';
import { PageSpinner } from '../components/ui/spinner';
import { AdminDashboard } from '../features/admin/admin-dashboard';
import { AdminUnlockForm } from '../features/admin/admin-unlock-form';
import { useAdminSession, useLockAdmin } from '../features/admin/admin-api';
import { useT } from '../lib/i18n/i18n';
import { usePageTitle } from '../lib/page-title';

/** /admin (spec §2, §6): open to anyone, locked until the shared admin password is verified. */
export default function AdminPage() {
  const session = useAdminSession();
  const lock = useLockAdmin();
  const t = useT();
  // A failed session check shows the lock screen: unlocking is the way forward either way.
  const unlocked = session.data?.unlocked === true;
  usePageTitle(unlocked ? 'admin' : 'adminLocked');

  if (session.isPending) return <PageSpinner />;

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-2">
          <Link href="/" className="min-w-0 rounded-lg">
            <BrandMark hiddenSuffix={t('brand.homeSuffix')} />
          </Link>
          {unlocked && (
            <Button variant="ghost" onClick={() => lock.mutate()} disabled={lock.isPending}>
              <Lock className="size-4" aria-hidden="true" /> {t('admin.lock')}
            </Button>
          )}
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
        {unlocked ? (
          <>
            <h1 className="mb-4 text-2xl font-bold sm:mb-6">{t('admin.title')}</h1>
            <AdminDashboard />
          </>
        ) : (
          <div className="pt-4 sm:pt-12">
            <AdminUnlockForm />
          </div>
        )}
      </main>
    </div>
  );
}
