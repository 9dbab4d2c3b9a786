// /sign-in/{token}: a sign-in link from the team page, opened on a member's new phone (public).
// Nothing is used up by opening the page: a link preview only GETs it. A tap on Sign in POSTs the
// token, signs in as the login form does, and goes to the reports home. A used or expired link
// says so, and to ask the owner or a manager for a new one.
import { LogIn } from 'lucide-react';
import { useLocation, useParams } from 'wouter';
import { Button } from '../components/ui/button';
import { useCurrentUser } from '../lib/auth';
import { failureReason } from '../lib/api-errors';
import { isHandledByClient } from '../lib/api-client';
import { useT } from '../lib/i18n/i18n';
import { usePageTitle } from '../lib/page-title';
import { toast } from '../lib/toast';
import { useSignInWithLink } from '../features/team/api/join-api';
import { AlreadySignedIn } from '../features/team/already-signed-in';
import { LinkProblem } from '../features/team/link-problem';
import { linkRefusalOf } from '../features/team/link-errors';
import { CardPageShell } from '../components/card-page-shell';

export default function SignInLinkPage() {
  usePageTitle('signInLink');
  const t = useT();
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const { data: user } = useCurrentUser();
  const signIn = useSignInWithLink(token);

  const refusal = linkRefusalOf(signIn.error);
  if (refusal) {
    return (
      <CardPageShell>
        {refusal === 'unknown' ? (
          <LinkProblem title={t('signInLink.unknown.title')} text={t('signInLink.unknown.text')} />
        ) : (
          <LinkProblem title={t('signInLink.gone.title')} text={t('signInLink.gone.text')} />
        )}
      </CardPageShell>
    );
  }

  const start = () =>
    signIn.mutate(undefined, {
      onSuccess: (member) => {
        toast({ title: t('signInLink.welcome', { name: member.name }), description: member.businessName ?? undefined });
        navigate('/', { replace: true });
      },
    });

  return (
    <CardPageShell>
      <h1 className="text-2xl font-bold">{t('signInLink.title')}</h1>
      <p className="mt-2 text-slate-700">{t('signInLink.lead')}</p>
      {user && (
        <div className="mt-4">
          <AlreadySignedIn user={user} text={t('signInLink.signedInText')} />
        </div>
      )}
      {signIn.isError && !isHandledByClient(signIn.error) && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {failureReason(signIn.error)}
        </p>
      )}
      <Button size="lg" className="mt-5 w-full" onClick={start} disabled={Boolean(user) || signIn.isPending}>
        <LogIn className="size-5" aria-hidden="true" /> {signIn.isPending ? t('signInLink.signingIn') : t('signInLink.submit')}
      </Button>
    </CardPageShell>
  );
}
