// What a link's page says when the link cannot be used: unknown (404), or used, revoked or expired
// (410), and what to do next: ask for a new one.
import { Link2Off } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { t } from '../../lib/i18n/i18n';

export function LinkProblem({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 text-center" data-testid="link-problem">
      <Link2Off className="size-10 text-slate-500" aria-hidden="true" />
      <h1 className="text-xl font-bold">{title}</h1>
      <p className="text-slate-700">{text}</p>
      <ButtonLink href="/" variant="secondary">
        {t('join.goHome')}
      </ButtonLink>
    </div>
  );
}
