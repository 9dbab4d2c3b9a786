// A link for someone else's phone opened where a member is signed in: one person belongs to one
// business, so this says who is signed in and offers to sign out first (or go to their reports).
import { useState } from 'react';
import type { User } from '@shared/contract/auth';
import { Button, ButtonLink } from '../../components/ui/button';
import { logout } from '../../lib/auth';
import { t } from '../../lib/i18n/i18n';

export function AlreadySignedIn({ user, text }: { user: User; text: string }) {
  const [isSigningOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout();
    } finally {
      setSigningOut(false);
    }
  };
  return (
    <div className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 ring-inset" role="region" aria-labelledby="already-signed-in">
      <h2 id="already-signed-in" className="font-semibold text-slate-900">
        {t('join.signedIn.title', { name: user.email ?? user.name })}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{text}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={() => void signOut()} disabled={isSigningOut}>
          {t('join.signedIn.signOut')}
        </Button>
        <ButtonLink href="/" variant="secondary">
          {t('join.signedIn.goToReports')}
        </ButtonLink>
      </div>
    </div>
  );
}
