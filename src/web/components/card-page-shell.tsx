// The frame of the pages for someone who may not be signed in (/auth, /join, /sign-in): the brand,
// the language, and one card in the middle.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandMark } from './brand-mark';
import { LanguageSelect } from './language-select';
import { useT } from '../lib/i18n/i18n';

export function CardPageShell({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4">
        <Link href="/" aria-label={t('brand.home')} className="inline-flex min-h-11 items-center">
          <BrandMark />
        </Link>
        <LanguageSelect />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-10 sm:items-center">
        <div className={`w-full ${narrow ? 'max-w-sm' : 'max-w-md'} rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200`}>{children}</div>
      </main>
    </div>
  );
}
