// Each screen's page title (WCAG 2.4.2), in one place: "Reports — CleanProof", in the UI's
// language (the `title.*` words of the first catalogue, since any screen may be the first). A screen
// names itself with usePageTitle(screen); one that shows a particular thing (a report) passes its
// name as `detail`, read first.
import { useEffect } from 'react';
import { PRODUCT_NAME } from '@shared/rules';
import { t, useT, type MessageId } from './i18n/i18n';

export const PAGE_TITLES = {
  landing: 'title.landing',
  signIn: 'title.signIn',
  register: 'title.register',
  forgotPassword: 'title.forgotPassword',
  resetPassword: 'title.resetPassword',
  home: 'title.home',
  reports: 'title.reports',
  clients: 'title.clients',
  templates: 'title.templates',
  // These screens load on demand with their words (withScreenWords), never before them.
  team: 'team.title',
  join: 'join.pageTitle',
  signInLink: 'signInLink.pageTitle',
  report: 'title.report',
  account: 'title.account',
  subscribe: 'title.subscribe',
  testSubscription: 'title.testSubscription',
  adminLocked: 'title.adminLocked',
  admin: 'title.admin',
  accessibility: 'title.accessibility',
  notFound: 'title.notFound',
} as const satisfies Record<string, MessageId>;

export type PageScreen = keyof typeof PAGE_TITLES;

/** "Report — CleanProof", or with a detail "Smith Residence — Report — CleanProof". */
export function pageTitle(screen: PageScreen, detail?: string, translate: typeof t = t): string {
  return [detail?.trim(), translate(PAGE_TITLES[screen]), PRODUCT_NAME].filter(Boolean).join(' — ');
}

/** Sets the title while the screen shows; `null` leaves it to a part of the screen that knows more. */
export function usePageTitle(screen: PageScreen | null, detail?: string): void {
  // useT: the title follows a change of language while the screen shows.
  const translate = useT();
  const title = screen === null ? null : pageTitle(screen, detail, translate);
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}
