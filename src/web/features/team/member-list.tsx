// The crew on /team: each member's name, role, email, when they were last seen and whether they
// are deactivated; for the members this person may manage (decision 026: the owner everyone else,
// a manager cleaners only), a sign-in link for a new phone, Deactivate or Reactivate, and for the
// owner a role to choose.
import { useId, useState } from 'react';
import { KeyRound, UserCheck, UserX } from 'lucide-react';
import type { TeamMember } from '@shared/contract/team';
import { Button } from '../../components/ui/button';
import { notifyFailure } from '../../lib/api-errors';
import { t } from '../../lib/i18n/i18n';
import { useIsOnline } from '../../lib/online';
import { toast } from '../../lib/toast';
import { useCreateSignInLink, useUpdateMember } from './api/team-api';
import { ConfirmDialog } from './confirm-dialog';
import { lastSeenText } from './last-seen';
import { canManageMember, roleName, type Role } from './role-text';
import type { SharedLink } from './share-link-dialog';

interface MemberListProps {
  members: TeamMember[];
  me: { id: number; role: Role };
  businessName: string | null;
  onSignInLink: (member: TeamMember, link: SharedLink) => void;
}

export function MemberList({ members, me, businessName, onSignInLink }: MemberListProps) {
  const [toDeactivate, setToDeactivate] = useState<TeamMember | null>(null);
  const update = useUpdateMember();
  const now = new Date();

  const setActive = (member: TeamMember, active: boolean) =>
    update.mutate(
      { memberId: member.id, change: { active } },
      {
        onSuccess: () => {
          toast({ title: t(active ? 'team.member.reactivated' : 'team.member.deactivated', { name: member.name }) });
          setToDeactivate(null);
        },
        onError: (error) => notifyFailure(error, t(active ? 'team.member.reactivateFailed' : 'team.member.deactivateFailed')),
      },
    );

  return (
    <>
      <ul className="mt-3 flex flex-col gap-3">
        {members.map((member) => (
          <MemberItem
            key={member.id}
            member={member}
            isMe={member.id === me.id}
            canManage={member.id !== me.id && canManageMember(me.role, member.role)}
            canChangeRole={member.id !== me.id && me.role === 'owner'}
            now={now}
            businessName={businessName}
            onDeactivate={() => setToDeactivate(member)}
            onReactivate={() => setActive(member, true)}
            onSignInLink={onSignInLink}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={toDeactivate !== null}
        title={t('team.member.deactivateTitle', { name: toDeactivate?.name ?? '' })}
        description={t('team.member.deactivateText')}
        confirmText={t('team.member.deactivate')}
        isPending={update.isPending}
        onConfirm={() => toDeactivate && setActive(toDeactivate, false)}
        onClose={() => setToDeactivate(null)}
      />
    </>
  );
}

interface MemberItemProps {
  member: TeamMember;
  isMe: boolean;
  canManage: boolean;
  canChangeRole: boolean;
  now: Date;
  businessName: string | null;
  onDeactivate: () => void;
  onReactivate: () => void;
  onSignInLink: (member: TeamMember, link: SharedLink) => void;
}

function MemberItem({ member, isMe, canManage, canChangeRole, now, businessName, onDeactivate, onReactivate, onSignInLink }: MemberItemProps) {
  const id = useId();
  const online = useIsOnline();
  const update = useUpdateMember();
  const signInLink = useCreateSignInLink();

  const changeRole = (role: Role) =>
    update.mutate(
      { memberId: member.id, change: { role } },
      {
        onSuccess: () => toast({ title: t('team.member.roleChanged', { name: member.name, role }) }),
        onError: (error) => notifyFailure(error, t('team.member.roleChangeFailed')),
      },
    );

  const sendSignInLink = () =>
    signInLink.mutate(member.id, {
      onSuccess: (link) =>
        onSignInLink(member, {
          ...link,
          message: businessName
            ? t('team.signIn.message', { name: member.name, business: businessName, url: link.url })
            : t('team.signIn.messageNoBusiness', { name: member.name, url: link.url }),
        }),
      onError: (error) => notifyFailure(error, t('team.signIn.failed')),
    });

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="team-member">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold [overflow-wrap:anywhere]">
            {member.name}
            {isMe && <span className="font-normal text-slate-600"> {t('team.member.you')}</span>}
          </h3>
          {member.email && <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{member.email}</p>}
          <p className="text-sm text-slate-600">{lastSeenText(member.lastSeenAt, now)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {!canChangeRole && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{roleName(member.role)}</span>}
          {!member.active && (
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 ring-inset">
              {t('team.member.deactivatedBadge')}
            </span>
          )}
        </div>
      </div>
      {canChangeRole && (
        <div className="mt-2 max-w-xs">
          <label htmlFor={`${id}-role`} className="mb-1 block text-sm font-medium text-slate-700">
            {t('team.member.roleOf', { name: member.name })}
          </label>
          <select
            id={`${id}-role`}
            value={member.role}
            disabled={!online || update.isPending}
            onChange={(event) => changeRole(event.target.value as Role)}
            className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:bg-slate-100"
          >
            {(['owner', 'manager', 'cleaner'] as const).map((role) => (
              <option key={role} value={role}>
                {roleName(role)}
              </option>
            ))}
          </select>
        </div>
      )}
      {canManage && (
        <div className="mt-3 flex flex-wrap gap-2">
          {member.active && (
            <Button
              variant="secondary"
              onClick={sendSignInLink}
              disabled={!online || signInLink.isPending}
              aria-label={t('team.signIn.sendTo', { name: member.name })}
            >
              <KeyRound className="size-4" aria-hidden="true" /> {t('team.signIn.send')}
            </Button>
          )}
          {member.active ? (
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              onClick={onDeactivate}
              disabled={!online}
              aria-label={t('team.member.deactivateName', { name: member.name })}
            >
              <UserX className="size-4" aria-hidden="true" /> {t('team.member.deactivate')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={onReactivate} disabled={!online} aria-label={t('team.member.reactivateName', { name: member.name })}>
              <UserCheck className="size-4" aria-hidden="true" /> {t('team.member.reactivate')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
