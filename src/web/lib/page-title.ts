// Each screen's page title (WCAG 2.4.2), in one place so the titles can move to the language
// catalogues as they are: "Reports — CleanProof". A screen names itself with usePageTitle(screen);
// one that shows a particular thing (a report) passes its name as `detail`, read first.
import { useEffect } from 'react';
import { PRODUCT_NAME } from '@shared/rules';

export const PAGE_TITLES = {
  landing: 'Before & after photo reports',
  signIn: 'Sign in',
  register: 'Create your account',
  forgotPassword: 'Forgot your password',
  resetPassword: 'Choose a new password',
  home: 'Your Reports',
  reports: 'Reports',
  report: 'Report',
  account: 'Account Settings',
  subscribe: 'Upgrade to Pro',
  testSubscription: 'Subscription Test',
  adminLocked: 'Admin sign in',
  admin: 'Admin Dashboard',
  accessibility: 'Accessibility statement',
  notFound: 'Page not found',
} as const;

export type PageScreen = keyof typeof PAGE_TITLES;

/** "Report — CleanProof", or with a detail "Smith Residence — Report — CleanProof". */
export function pageTitle(screen: PageScreen, detail?: string): string {
  return [detail?.trim(), PAGE_TITLES[screen], PRODUCT_NAME].filter(Boolean).join(' — ');
}

/** Sets the title while the screen shows; `null` leaves it to a part of the screen that knows more. */
export function usePageTitle(screen: PageScreen | null, detail?: string): void {
  const title = screen === null ? null : pageTitle(screen, detail);
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}
