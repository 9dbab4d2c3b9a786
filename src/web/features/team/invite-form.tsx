// /team: inviting someone. The owner chooses manager or cleaner, a manager invites cleaners only;
// a name is optional (it fills in the join form). The new invite's link opens at once to be shared.
import { useId, useState, type FormEvent } from 'react';
import { UserPlus } from 'lucide-react';
import { MEMBER_NAME_MAX_LENGTH } from '@shared/rules';
import type { Invite } from '@shared/contract/team';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { failureReason } from '../../lib/api-errors';
import { isHandledByClient } from '../../lib/api-client';
import { t } from '../../lib/i18n/i18n';
import { useIsOnline } from '../../lib/online';
import { useCreateInvite } from './api/team-api';
import { invitableRoles, roleName, type Role } from './role-text';

export function InviteForm({ actor, onInvited }: { actor: Role; onInvited: (invite: Invite) => void }) {
  const id = useId();
  const online = useIsOnline();
  const create = useCreateInvite();
  const roles = invitableRoles(actor);
  const [role, setRole] = useState<'manager' | 'cleaner'>('cleaner');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const trimmed = name.trim();
    create.mutate(
      { role, ...(trimmed ? { name: trimmed } : {}) },
      {
        onSuccess: (invite) => {
          setName('');
          onInvited(invite);
        },
        onError: (error) => !isHandledByClient(error) && setProblem(failureReason(error)),
      },
    );
  };

  return (
    <Card aria-labelledby={`${id}-title`} className="mt-6">
      <CardTitle id={`${id}-title`}>{t('team.invite.title')}</CardTitle>
      <p className="mt-1 text-sm text-slate-600">{t('team.invite.lead')}</p>
      <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-2">
        {roles.length > 1 ? (
          <div>
            <Label htmlFor={`${id}-role`}>{t('team.invite.role')}</Label>
            <select
              id={`${id}-role`}
              value={role}
              onChange={(event) => setRole(event.target.value as 'manager' | 'cleaner')}
              className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {roles.map((choice) => (
                <option key={choice} value={choice}>
                  {roleName(choice)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="text-sm text-slate-700 sm:self-end">{t('team.invite.cleanerOnly')}</p>
        )}
        <div>
          <Label htmlFor={`${id}-name`}>{t('team.invite.name')}</Label>
          <Input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} maxLength={MEMBER_NAME_MAX_LENGTH} autoComplete="off" />
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {problem}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={!online || create.isPending}>
            <UserPlus className="size-4" aria-hidden="true" /> {create.isPending ? t('team.invite.creating') : t('team.invite.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
