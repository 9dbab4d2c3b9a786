import { ButtonLink } from '../components/ui/button';
import { usePageTitle } from '../lib/page-title';
import { t } from '../lib/i18n/i18n';

export function NotFoundPage() {
  usePageTitle('notFound');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="text-xl font-semibold">{t('notFound.title')}</h1>
      <p className="max-w-sm text-slate-600">{t('notFound.text')}</p>
      <ButtonLink href="/">{t('notFound.home')}</ButtonLink>
    </main>
  );
}
