// /join/{token}: an invite opened on the new member's phone (public). It says which business and
// role the invite is for, takes a name (and optionally an email and password), joins, and signs in
// straight to the reports home. A link that cannot be used says so and what to do; someone already
// signed in is offered to sign out first (one person belongs to one business).
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { Spinner } from '../components/ui/spinner';
import { Button } from '../components/ui/button';
import { useCurrentUser } from '../lib/auth';
import { useT } from '../lib/i18n/i18n';
import { usePageTitle } from '../lib/page-title';
import { toast } from '../lib/toast';
import { useInvitePreview, useJoinBusiness } from '../features/team/api/join-api';
import { AlreadySignedIn } from '../features/team/already-signed-in';
import { JoinForm } from '../features/team/join-form';
import { LinkProblem } from '../features/team/link-problem';
import { linkRefusalOf, type LinkRefusal } from '../features/team/link-errors';
import { CardPageShell } from '../components/card-page-shell';

export default function JoinPage() {
  usePageTitle('join');
  const t = useT();
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const { data: user } = useCurrentUser();
  const preview = useInvitePreview(token);
  const join = useJoinBusiness(token);
  const [refusedOnJoin, setRefusedOnJoin] = useState<LinkRefusal | null>(null);

  const refusal = refusedOnJoin ?? linkRefusalOf(preview.error);
  if (refusal) return <InviteRefused refusal={refusal} business={preview.data?.businessName?.trim() || null} />;
  if (!preview.data) {
    return (
      <CardPageShell>
        {preview.isError ? (
          <div className="flex flex-col items-start gap-3">
            <h1 className="text-xl font-bold">{t('join.loadFailedTitle')}</h1>
            <p className="text-slate-700">{t('join.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void preview.refetch()}>
              {t('common.tryAgainLower')}
            </Button>
          </div>
        ) : (
          <Spinner />
        )}
      </CardPageShell>
    );
  }

  const invite = preview.data;
  const business = invite.businessName?.trim() || null;
  const role = invite.role;
  return (
    <CardPageShell>
      {invite.businessLogoUrl && <img src={invite.businessLogoUrl} alt="" className="mb-4 max-h-16 max-w-[12rem] object-contain" />}
      <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">{business ? t('join.title', { business, role }) : t('join.titleNoBusiness', { role })}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('join.lead')}</p>
      {user && (
        <div className="mt-4">
          <AlreadySignedIn user={user} text={t('join.signedIn.text')} />
        </div>
      )}
      <JoinForm
        suggestedName={invite.name}
        submitText={business ? t('join.submit', { business }) : t('join.submitNoBusiness')}
        isPending={join.isPending}
        disabled={Boolean(user)}
        join={(body, onError) =>
          join.mutate(body, {
            onSuccess: (member) => {
              toast({
                title: t('join.welcome', { business: member.businessName ?? business ?? '' }),
                description: t('join.welcomeText', { name: member.name }),
              });
              navigate('/', { replace: true });
            },
            onError: (error) => {
              const refused = linkRefusalOf(error);
              if (refused) setRefusedOnJoin(refused);
              else onError(error);
            },
          })
        }
      />
    </CardPageShell>
  );
}

const REFUSAL_REASONS = {
  used: 'join.gone.used',
  revoked: 'join.gone.revoked',
  expired: 'join.gone.expired',
  gone: 'join.gone.other',
} as const;

/** 404: the link is not one; 410: it was one, and says why it no longer works and whom to ask. */
function InviteRefused({ refusal, business }: { refusal: LinkRefusal; business: string | null }) {
  const t = useT();
  const ask = business ? t('join.askBusiness', { business }) : t('join.askInviter');
  return (
    <CardPageShell>
      {refusal === 'unknown' ? (
        <LinkProblem title={t('join.unknown.title')} text={`${t('join.unknown.text')} ${ask}`} />
      ) : (
        <LinkProblem title={t('join.gone.title')} text={`${t(REFUSAL_REASONS[refusal])} ${ask}`} />
      )}
    </CardPageShell>
  );
}
