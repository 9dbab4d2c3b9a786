import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Building2, Check, Contact, CreditCard, FileText, LogOut, Menu, Users } from 'lucide-react';
import { logout, useCurrentUser } from '../lib/auth';
import { BrandMark } from './brand-mark';
import { currentLocale, t, withScreenWords } from '../lib/i18n/i18n';
import { outboxWaitingCount } from '../lib/outbox/outbox-status';
import { LANGUAGE_NAMES } from '../lib/i18n/language-names';
import { chooseLanguage } from '../lib/i18n/use-language';
import { MenuButton } from './ui/menu-button';
import { TrialChip } from './trial-chip';
import { mayCall } from '../lib/roles';
import { initialsOf } from '../lib/crew';

const SignOutWarning = lazy(withScreenWords(() => import('./sign-out-warning')));

/** How the header opens one of its menu's dialogs; the page hands them in (components know no features). */
export type MenuDialog = (props: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;

/** The signed-in header with the menu of spec §2: Reports, Business Settings, Subscription, the language, Sign Out. */
export function AppHeader({ businessSettings, subscriptionSettings }: { businessSettings: MenuDialog; subscriptionSettings: MenuDialog }) {
  const { data: user } = useCurrentUser();
  const role = user?.role;
  const [, navigate] = useLocation();
  const [businessOpen, setBusinessOpen] = useState(false);
  const [subscriptionOpen, setSubscriptionOpen] = useState(false);
  const [warnWaiting, setWarnWaiting] = useState(0);

  const signOut = async () => {
    setWarnWaiting(0);
    await logout();
    navigate('/');
  };
  // Photos or edits not on the server yet: asked first (they stay on this phone for the next sign-in).
  const askToSignOut = () => {
    const waiting = outboxWaitingCount();
    if (waiting > 0) setWarnWaiting(waiting);
    else void signOut();
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-2">
        <Link href="/" className="min-w-0 rounded-lg">
          {/* The name read out starts with the words shown (WCAG 2.5.3, label in name). */}
          <BrandMark hiddenSuffix={t('menu.reportsHomeSuffix')} />
        </Link>
        <div className="flex min-w-0 items-center gap-2">
          {/* Who is signed in: on a crew's shared phone, the name says whose photos these become. A
              phone has room for the initials (the name is still read out); a wider screen shows it. */}
          {user && (
            <span className="flex min-w-0 items-center text-sm text-slate-600" title={user.name || undefined} data-testid="header-member">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-800 ring-1 ring-brand-200 sm:hidden"
              >
                {initialsOf(user.name || user.email || '')}
              </span>
              <span className="sr-only truncate sm:not-sr-only sm:max-w-xs">
                {user.name || user.email}
                {user.businessName && ` · ${user.businessName}`}
              </span>
            </span>
          )}
          <TrialChip />
          <div className="shrink-0">
            <MenuButton
              label={t('menu.label')}
              refocusKey="header-menu"
              icon={<Menu className="size-6" aria-hidden="true" />}
              actions={[
                { label: t('menu.reports'), icon: <FileText className="size-4" aria-hidden="true" />, onSelect: () => navigate('/') },
                { label: t('menu.clients'), icon: <Contact className="size-4" aria-hidden="true" />, onSelect: () => navigate('/clients') },
                // A member sees what their role may use (the route table's access, lib/roles.ts).
                ...(mayCall(role, 'updateBusinessName')
                  ? [{ label: t('menu.businessSettings'), icon: <Building2 className="size-4" aria-hidden="true" />, onSelect: () => setBusinessOpen(true) }]
                  : []),
                ...(mayCall(role, 'upgradeSubscription')
                  ? [{ label: t('menu.subscription'), icon: <CreditCard className="size-4" aria-hidden="true" />, onSelect: () => setSubscriptionOpen(true) }]
                  : []),
                ...(mayCall(role, 'getTeam')
                  ? [{ label: t('menu.team'), icon: <Users className="size-4" aria-hidden="true" />, onSelect: () => navigate('/team') }]
                  : []),
                ...LANGUAGE_NAMES.map(({ locale, name }, index) => ({
                  label: name,
                  lang: locale,
                  checked: currentLocale() === locale,
                  icon: <Check className={currentLocale() === locale ? 'size-4' : 'size-4 invisible'} aria-hidden="true" />,
                  onSelect: () => void chooseLanguage(locale, 'header-menu'),
                  separated: index === 0,
                })),
                { label: t('menu.signOut'), icon: <LogOut className="size-4" aria-hidden="true" />, onSelect: askToSignOut, separated: true },
              ]}
            />
          </div>
        </div>
      </div>
      <Suspense fallback={null}>
        {businessOpen && businessSettings({ open: true, onOpenChange: setBusinessOpen })}
        {subscriptionOpen && subscriptionSettings({ open: true, onOpenChange: setSubscriptionOpen })}
        {warnWaiting > 0 && <SignOutWarning waiting={warnWaiting} onCancel={() => setWarnWaiting(0)} onSignOut={() => void signOut()} />}
      </Suspense>
    </header>
  );
}
