// /accessibility: the accessibility statement, open to everyone, linked from the landing
// page's footer. It says which standard the app meets, how that is checked, what does not meet it
// yet, and whom to write to. Keep it true: change it with the tests it describes.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ACCESSIBILITY_CONTACT_EMAIL, ACCESSIBILITY_STATEMENT_DATE, PRODUCT_NAME } from '@shared/rules';
import { BrandMark } from '../components/brand-mark';
import { formatDate } from '../lib/format';
import { useT, type MessageId } from '../lib/i18n/i18n';
import { usePageTitle } from '../lib/page-title';

const TESTED = ['a11y.tested.axe', 'a11y.tested.keyboard', 'a11y.tested.focus', 'a11y.tested.byHand'] as const satisfies readonly MessageId[];

const LIMITS = [
  'a11y.limit.pdf',
  'a11y.limit.camera',
  'a11y.limit.screenReaders',
  'a11y.limit.undo',
  'a11y.limit.payments',
] as const satisfies readonly MessageId[];

/** The statement itself. */
export default function AccessibilityPage() {
  const t = useT();
  usePageTitle('accessibility');
  // A calendar date, not a moment: read in UTC so no zone moves it to the day before.
  const reviewed = formatDate(`${ACCESSIBILITY_STATEMENT_DATE}T12:00:00Z`, 'long', 'UTC');
  return (
    <div className="min-h-dvh bg-white">
      <header className="mx-auto flex max-w-3xl items-center justify-between px-4 py-4">
        <Link href="/" className="inline-flex min-h-11 items-center rounded-lg">
          <BrandMark hiddenSuffix={t('brand.homeSuffix')} />
        </Link>
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-12">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('a11y.title')}</h1>
        <p className="mt-3 text-lg text-slate-700">{t('a11y.lead', { product: PRODUCT_NAME })}</p>

        <StatementSection id="standard" title={t('a11y.standard.title')}>
          <p className="mt-2 text-slate-700">{t('a11y.standard.text')}</p>
        </StatementSection>
        <StatementSection id="testing" title={t('a11y.tested.title')}>
          <BulletList lines={TESTED.map((line) => t(line))} />
        </StatementSection>
        <StatementSection id="limits" title={t('a11y.limit.title')}>
          <BulletList lines={LIMITS.map((line) => t(line))} />
        </StatementSection>
        <StatementSection id="contact" title={t('a11y.contact.title')}>
          <p className="mt-2 text-slate-700">
            {t('a11y.contact.before', { product: PRODUCT_NAME })}{' '}
            <a href={`mailto:${ACCESSIBILITY_CONTACT_EMAIL}`} className="font-medium text-brand-700 underline underline-offset-4">
              {ACCESSIBILITY_CONTACT_EMAIL}
            </a>
            {t('a11y.contact.after')}
          </p>
        </StatementSection>

        <p className="mt-10 text-sm text-slate-600">
          {t('a11y.reviewed.before')} <time dateTime={ACCESSIBILITY_STATEMENT_DATE}>{reviewed}</time>
          {t('a11y.reviewed.after')}
        </p>
      </main>
    </div>
  );
}

function StatementSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function BulletList({ lines }: { lines: string[] }) {
  return (
    <ul className="mt-2 list-disc space-y-2 pl-6 text-slate-700">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
