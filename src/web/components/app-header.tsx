import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Building2, CreditCard, FileText, LogOut, Menu } from 'lucide-react';
import { logout, useCurrentUser } from '../lib/auth';
import { BrandMark } from './brand-mark';

// The dialogs load when first opened, keeping them out of the signed-in home's first load.
const BusinessSettingsDialog = lazy(() => import('../features/subscription/business-settings-dialog').then((m) => ({ default: m.BusinessSettingsDialog })));
const SubscriptionSettingsDialog = lazy(() => import('../features/subscription/subscription-settings-dialog').then((m) => ({ default: m.SubscriptionSettingsDialog })));

const ITEM = 'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';

/** The signed-in header with the menu of spec §2: Reports, Business Settings, Subscription, Sign Out. */
export function AppHeader() {
  const { data: user } = useCurrentUser();
  const [, navigate] = useLocation();
  const [businessOpen, setBusinessOpen] = useState(false);
  const [subscriptionOpen, setSubscriptionOpen] = useState(false);

  const signOut = async () => {
    await logout();
    navigate('/');
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-2">
        <Link href="/" aria-label="Reports home" className="min-w-0">
          <BrandMark />
        </Link>
        <div className="flex min-w-0 items-center gap-2">
          <span className="hidden truncate text-sm text-slate-600 sm:inline">{user?.businessName ?? user?.email}</span>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100" aria-label="Menu">
              <Menu className="size-6" aria-hidden="true" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content align="end" sideOffset={6} className="z-40 min-w-56 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200">
                <DropdownMenu.Item className={ITEM} onSelect={() => navigate('/')}>
                  <FileText className="size-4" aria-hidden="true" /> Reports
                </DropdownMenu.Item>
                <DropdownMenu.Item className={ITEM} onSelect={() => setBusinessOpen(true)}>
                  <Building2 className="size-4" aria-hidden="true" /> Business Settings
                </DropdownMenu.Item>
                <DropdownMenu.Item className={ITEM} onSelect={() => setSubscriptionOpen(true)}>
                  <CreditCard className="size-4" aria-hidden="true" /> Subscription
                </DropdownMenu.Item>
                <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
                <DropdownMenu.Item className={ITEM} onSelect={() => void signOut()}>
                  <LogOut className="size-4" aria-hidden="true" /> Sign Out
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </div>
      <Suspense fallback={null}>
        {businessOpen && <BusinessSettingsDialog open onOpenChange={setBusinessOpen} />}
        {subscriptionOpen && <SubscriptionSettingsDialog open onOpenChange={setSubscriptionOpen} />}
      </Suspense>
    </header>
  );
}
