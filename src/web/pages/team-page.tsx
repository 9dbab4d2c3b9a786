// /team: the business's crew, for the owner and managers (a cleaner is told who can manage it).
// Members with their controls, an invite form, and the pending invites; a new invite or sign-in
// link opens in the share dialog (share sheet or copy, text message, QR code).
import { useState } from 'react';
import type { Invite, TeamMember } from '@shared/contract/team';
import { SignedInHeader } from './signed-in-header';
import { ButtonLink } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { OfflinePill } from '../components/offline-note';
import { useCurrentUser } from '../lib/auth';
import { t } from '../lib/i18n/i18n';
import { usePageTitle } from '../lib/page-title';
import { useTeam } from '../features/team/api/team-api';
import { InviteForm } from '../features/team/invite-form';
import { MemberList } from '../features/team/member-list';
import { PendingInvites } from '../features/team/pending-invites';
import { ShareLinkDialog, type SharedLink } from '../features/team/share-link-dialog';

type Shown = { kind: 'invite'; link: SharedLink } | { kind: 'signIn'; name: string; link: SharedLink };

export default function TeamPage() {
  usePageTitle('team');
  const { data: user } = useCurrentUser();
  if (user?.role === 'cleaner') return <CleanerNotice />;
  return <TeamManagement />;
}

function CleanerNotice() {
  return (
    <div className="min-h-dvh">
      <SignedInHeader />
      <main className="mx-auto max-w-3xl px-4 py-4 sm:py-6">
        <h1 className="text-2xl font-bold">{t('team.title')}</h1>
        <p className="mt-2 text-slate-700">{t('team.cleanerNotice')}</p>
        <ButtonLink href="/" className="mt-4">
          {t('team.backHome')}
        </ButtonLink>
      </main>
    </div>
  );
}

function TeamManagement() {
  const { data: user } = useCurrentUser();
  const team = useTeam();
  const [shown, setShown] = useState<Shown | null>(null);
  const businessName = team.data?.businessName ?? user?.businessName ?? null;

  const inviteMessage = (url: string) =>
    businessName ? t('team.invite.message', { business: businessName, url }) : t('team.invite.messageNoBusiness', { url });
  const showInvite = (invite: Pick<Invite, 'url' | 'expiresAt'>) =>
    setShown({ kind: 'invite', link: { url: invite.url, expiresAt: invite.expiresAt, message: inviteMessage(invite.url) } });
  const showSignIn = (member: TeamMember, link: SharedLink) => setShown({ kind: 'signIn', name: member.name, link });

  return (
    <div className="min-h-dvh">
      <SignedInHeader />
      <main className="mx-auto max-w-3xl px-4 py-4 sm:py-6">
        <OfflinePill />
        <h1 className="text-2xl font-bold">{t('team.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{businessName ? t('team.lead', { business: businessName }) : t('team.leadNoBusiness')}</p>
        {team.isError && !team.data && <p className="mt-3 text-slate-700">{t('team.loadFailed')}</p>}
        {!team.data && !team.isError && <Spinner />}
        {team.data && user && (
          <>
            <section aria-labelledby="team-members" className="mt-4">
              <h2 id="team-members" className="text-lg font-semibold">
                {t('team.members.title', { count: team.data.members.length })}
              </h2>
              <MemberList members={team.data.members} me={user} businessName={businessName} onSignInLink={showSignIn} />
            </section>
            <InviteForm actor={user.role} onInvited={showInvite} />
            <section aria-labelledby="team-invites" className="mt-6">
              <h2 id="team-invites" className="text-lg font-semibold">
                {t('team.invites.title')}
              </h2>
              <PendingInvites invites={team.data.invites} onShare={showInvite} />
            </section>
          </>
        )}
      </main>
      <ShareLinkDialog
        link={shown?.link ?? null}
        title={shown?.kind === 'signIn' ? t('team.signIn.dialogTitle', { name: shown.name }) : t('team.invite.dialogTitle')}
        description={shown?.kind === 'signIn' ? t('team.signIn.dialogText', { name: shown.name }) : t('team.invite.dialogText')}
        onClose={() => setShown(null)}
      />
    </div>
  );
}
