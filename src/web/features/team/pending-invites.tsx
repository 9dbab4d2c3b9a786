// /team: invites not yet used, revoked or expired, with their role, name and end; each can be
// shared again (the server re-derives its link) or revoked, after asking once more.
import { useState } from 'react';
import { Share2, XCircle } from 'lucide-react';
import type { Team } from '@shared/contract/team';
import { Button } from '../../components/ui/button';
import { notifyFailure } from '../../lib/api-errors';
import { formatDate } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';
import { useIsOnline } from '../../lib/online';
import { toast } from '../../lib/toast';
import { useRevokeInvite } from './api/team-api';
import { ConfirmDialog } from './confirm-dialog';
import { roleName } from './role-text';

type PendingInvite = Team['invites'][number];

export function PendingInvites({ invites, onShare }: { invites: PendingInvite[]; onShare: (invite: PendingInvite) => void }) {
  const online = useIsOnline();
  const revoke = useRevokeInvite();
  const [toRevoke, setToRevoke] = useState<PendingInvite | null>(null);

  const confirmRevoke = () => {
    if (!toRevoke) return;
    revoke.mutate(toRevoke.id, {
      onSuccess: () => {
        toast({ title: t('team.invites.revoked') });
        setToRevoke(null);
      },
      onError: (error) => notifyFailure(error, t('team.invites.revokeFailed')),
    });
  };

  if (invites.length === 0) return <p className="mt-2 text-sm text-slate-600">{t('team.invites.none')}</p>;
  return (
    <>
      <ul className="mt-3 flex flex-col gap-3">
        {invites.map((invite) => {
          const who = invite.name ?? roleName(invite.role);
          return (
            <li key={invite.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="pending-invite">
              <h3 className="font-semibold [overflow-wrap:anywhere]">{invite.name ?? t('team.invites.unnamed')}</h3>
              <p className="text-sm text-slate-600">
                {roleName(invite.role)} · {t('team.invites.expires', { date: formatDate(invite.expiresAt, 'medium') })}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => onShare(invite)} aria-label={t('team.invites.shareFor', { name: who })}>
                  <Share2 className="size-4" aria-hidden="true" /> {t('team.invites.share')}
                </Button>
                <Button
                  variant="ghost"
                  className="text-red-700 hover:bg-red-50"
                  onClick={() => setToRevoke(invite)}
                  disabled={!online}
                  aria-label={t('team.invites.revokeFor', { name: who })}
                >
                  <XCircle className="size-4" aria-hidden="true" /> {t('team.invites.revoke')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={toRevoke !== null}
        title={t('team.invites.revokeTitle')}
        description={t('team.invites.revokeText')}
        confirmText={t('team.invites.revoke')}
        isPending={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setToRevoke(null)}
      />
    </>
  );
}
