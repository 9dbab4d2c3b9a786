// /account 'Account Settings' (spec §2, §5): read-only email, editable business name (PUT, then
// a page reload, spec §7), a manage-subscription link to /subscribe, how clients answer on the
// report link, the export, and deleting the account.
import { Link } from 'wouter';
import { CreditCard } from 'lucide-react';
import { SignedInHeader } from './signed-in-header';
import { Card, CardTitle } from '../components/ui/card';
import { t } from '../lib/i18n/i18n';
import { Input, Label } from '../components/ui/input';
import { useCurrentUser } from '../lib/auth';
import { BusinessNameForm } from '../features/account/business-name-form';
import { TimeZoneForm } from '../features/account/time-zone-form';
import { AccountExport } from '../features/account/account-export';
import { ClientAnswersForm } from '../features/account/client-answers-form';
import { DeleteAccount } from '../features/account/delete-account';
import { useSubscriptionStatus } from '../lib/access';
import { describePlan } from '../features/subscription/plan-display';
import { PlanBadge } from '../features/subscription/plan-badge';
import { usePageTitle } from '../lib/page-title';
import { MemberNameForm } from '../features/account/member-name-form';
import { mayCall } from '../lib/roles';

export default function AccountPage() {
  const { data: user } = useCurrentUser();
  const { data: status } = useSubscriptionStatus();
  const plan = status ? describePlan(status) : null;
  usePageTitle('account');
  if (!user) return null;
  // Each card is shown to the roles whose calls it makes (the route table's access, lib/roles.ts).
  const may = (route: Parameters<typeof mayCall>[1]) => mayCall(user.role, route);

  return (
    <div className="min-h-dvh">
      <SignedInHeader />
      <main className="mx-auto max-w-2xl space-y-4 px-4 py-6">
        <h1 className="text-2xl font-bold text-slate-900">{t('account.title')}</h1>

        <Card className="space-y-4">
          <CardTitle>{t('account.profile')}</CardTitle>
          <MemberNameForm key={user.name} name={user.name} />
          {/* A member who joined with a name only has no email. */}
          {user.email !== null && (
            <div>
              <Label htmlFor="account-email">{t('auth.email')}</Label>
              <Input id="account-email" type="email" value={user.email} readOnly disabled aria-describedby="account-email-hint" />
              <p id="account-email-hint" className="mt-1 text-xs text-slate-500">
                {t('account.emailFixed')}
              </p>
            </div>
          )}
          {may('replaceBusinessName') ? (
            <BusinessNameForm
              initialName={user.businessName ?? ''}
              method="PUT"
              emptyMessage={t('businessName.empty')}
              submitLabel={t('account.saveChanges')}
              onSaved={() => window.location.reload()}
            />
          ) : (
            <div>
              <p className="text-sm font-medium text-slate-700">{t('account.business')}</p>
              <p className="text-slate-900">{user.businessName}</p>
            </div>
          )}
        </Card>

        {/* The time zone is the business's: a cleaner does not change it. */}
        {user.role !== 'cleaner' && (
          <Card className="space-y-3">
            <CardTitle>{t('timeZone.label')}</CardTitle>
            <TimeZoneForm key={user.timeZone} timeZone={user.timeZone} />
          </Card>
        )}

        <Card>
          <CardTitle>{t('account.subscription')}</CardTitle>
          {plan && (
            <div className="mt-3 flex items-center justify-between gap-3">
              <div>
                <p className="font-medium text-slate-900">{plan.name}</p>
                <p className="text-sm text-slate-600">{plan.detail}</p>
              </div>
              <PlanBadge badge={plan.badge} />
            </div>
          )}
          {!may('upgradeSubscription') && (
            <p className="mt-3 text-sm text-slate-600">{t('account.subscriptionByOwner', { business: user.businessName ?? '' })}</p>
          )}
          {may('upgradeSubscription') && (
            <Link
              href="/subscribe"
              className="mt-4 inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-50 sm:w-auto"
            >
              <CreditCard className="size-4" aria-hidden="true" /> {t('account.manageSubscription')}
            </Link>
          )}
        </Card>

        {may('updateClientAnswerSettings') && (
          <Card className="space-y-3">
            <CardTitle>{t('clientAnswers.title')}</CardTitle>
            <ClientAnswersForm />
          </Card>
        )}

        {may('exportAccount') && (
          <Card className="space-y-3">
            <CardTitle>{t('export.title')}</CardTitle>
            <AccountExport />
          </Card>
        )}

        {may('deleteAccount') && (
          <Card className="space-y-3 border-red-200">
            <CardTitle>{t('deleteAccount.title')}</CardTitle>
            <DeleteAccount userId={user.id} email={user.email ?? ''} />
          </Card>
        )}
      </main>
    </div>
  );
}
