// The trial-ended (or payment-failed) banner of the reports screens. Most visits have access, so
// the banner itself loads only when the status says access is blocked (first-load budget).
import { lazy, Suspense } from 'react';
import { useSubscriptionStatus } from '../../lib/access';
import { withScreenWords } from '../../lib/i18n/i18n';

const AccessBannerBody = lazy(withScreenWords(() => import('./access-banner-body')));

export function AccessBanner() {
  const { data: status } = useSubscriptionStatus();
  if (!status || status.hasAccess) return null;
  return (
    <Suspense fallback={null}>
      <AccessBannerBody />
    </Suspense>
  );
}
