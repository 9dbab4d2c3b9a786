import { Link } from 'wouter';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="max-w-sm text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link href="/" className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-medium text-white hover:bg-brand-800">
        Go home
      </Link>
    </main>
  );
}
