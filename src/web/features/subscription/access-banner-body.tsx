// When hasAccess is false: says the trial has ended (or the last payment failed) and offers
// 'Upgrade to Pro' (to the owner; the crew is told to ask them) instead of letting paid actions fail.
import { ButtonLink } from '../../components/ui/button';
import { Lock } from 'lucide-react';
import { t } from '../../lib/i18n/i18n';
import { accessBlockedHeadline } from '../../lib/i18n/error-text';
import { useSubscriptionStatus } from '../../lib/access';
import { useCurrentUser } from '../../lib/auth';
import { mayCall } from '../../lib/roles';

export default function AccessBannerBody() {
  const { data: status } = useSubscriptionStatus();
  const { data: user } = useCurrentUser();
  if (!status || status.hasAccess) return null;
  // Only the owner pays (the route table's access): the crew is told whom to ask.
  const mayPay = mayCall(user?.role, 'upgradeSubscription');
  return (
    <section
      role="status"
      aria-labelledby="access-banner-title"
      className="mb-4 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex sm:items-center sm:justify-between sm:gap-4"
    >
      <div className="flex gap-3">
        <Lock className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div>
          <h2 id="access-banner-title" className="font-semibold text-amber-950">
            {accessBlockedHeadline(status.accessBlockedReason)}
          </h2>
          <p className="mt-0.5 text-sm text-amber-900">{mayPay ? t('access.nextStep') : t('access.askOwner', { business: user?.businessName ?? '' })}</p>
        </div>
      </div>
      {mayPay && (
        <ButtonLink href="/subscribe" className="mt-3 w-full sm:mt-0 sm:w-auto sm:shrink-0">
          {t('upgrade.toPro')}
        </ButtonLink>
      )}
    </section>
  );
}
