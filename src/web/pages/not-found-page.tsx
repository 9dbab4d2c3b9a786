import { ButtonLink } from '../components/ui/button';
import { usePageTitle } from '../lib/page-title';

export function NotFoundPage() {
  usePageTitle('notFound');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="max-w-sm text-slate-600">The page you are looking for does not exist or has moved.</p>
      <ButtonLink href="/">Go home</ButtonLink>
    </main>
  );
}
