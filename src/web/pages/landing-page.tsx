import { Link } from 'wouter';
import { Camera, Check, FileText, Send, ShieldCheck, Smartphone } from 'lucide-react';
import { PRICE_CENTS_PER_MONTH, PRODUCT_NAME, TRIAL_DAYS } from '@shared/rules';
import { BrandMark } from '../components/brand-mark';
import { usePageTitle } from '../lib/page-title';
import { LanguageSelect } from '../components/language-select';
import { useT, type MessageId } from '../lib/i18n/i18n';
import { formatPrice, formatPricePerMonth } from '../lib/format';

const STEPS = [
  { icon: Camera, title: 'landing.step1.title', text: 'landing.step1.text' },
  { icon: FileText, title: 'landing.step2.title', text: 'landing.step2.text' },
  { icon: Send, title: 'landing.step3.title', text: 'landing.step3.text' },
] as const satisfies readonly { title: MessageId; text: MessageId; icon: unknown }[];

const PRO_FEATURES = [
  'landing.feature.unlimited',
  'landing.feature.branded',
  'landing.feature.support',
  'landing.feature.storage',
] as const satisfies readonly MessageId[];

const linkButton = 'inline-flex min-h-12 w-full items-center justify-center rounded-lg px-6 text-base font-semibold sm:w-auto';

/** The signed-out home page (spec §1, §2). */
export function LandingPage() {
  usePageTitle('landing');
  const t = useT();
  const price = formatPrice(PRICE_CENTS_PER_MONTH);
  return (
    <div className="min-h-dvh bg-white">
      <header className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-4">
        <span className="shrink-0">
          <BrandMark />
        </span>
        <div className="flex min-w-0 items-center gap-0.5 sm:gap-1">
          <LanguageSelect />
          <Link
            href="/auth"
            className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50 sm:px-3"
          >
            {t('landing.signIn')}
          </Link>
        </div>
      </header>

      <main>
        <section className="mx-auto max-w-5xl px-4 pt-6 pb-12 text-center sm:pt-16">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
            <Smartphone className="size-4 shrink-0" aria-hidden="true" /> {t('landing.noInstall')}
          </p>
          <h1 className="mx-auto mt-5 max-w-2xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{t('landing.title')}</h1>
          <p className="mx-auto mt-4 max-w-xl text-lg text-slate-600">{t('landing.lead', { product: PRODUCT_NAME })}</p>
          <div className="mx-auto mt-8 flex max-w-md flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
            <Link href="/auth?mode=register" className={`${linkButton} bg-brand-700 text-white shadow-sm hover:bg-brand-800`}>
              {t('landing.startTrial')}
            </Link>
            <Link href="/auth" className={`${linkButton} text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-50`}>
              {t('landing.haveAccount')}
            </Link>
          </div>
          <p className="mt-3 text-sm text-slate-500">{t('landing.trialNote', { days: TRIAL_DAYS })}</p>
        </section>

        <section aria-labelledby="how-it-works" className="bg-slate-50 py-12">
          <div className="mx-auto max-w-5xl px-4">
            <h2 id="how-it-works" className="text-center text-2xl font-bold">
              {t('landing.stepsTitle')}
            </h2>
            <ol className="mt-8 grid gap-4 sm:grid-cols-3">
              {STEPS.map(({ icon: Icon, title, text }, index) => (
                <li key={title} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                  <div className="flex items-center gap-3">
                    <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-white">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <h3 className="text-lg font-semibold">{t('landing.stepTitle', { number: index + 1, title: t(title) })}</h3>
                  </div>
                  <p className="mt-3 text-slate-600">{t(text)}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="pricing" className="py-12">
          <div className="mx-auto max-w-md px-4">
            <div className="rounded-2xl p-6 shadow-sm ring-2 ring-brand-700">
              <h2 id="pricing" className="text-xl font-bold">
                {t('landing.pro', { product: PRODUCT_NAME })}
              </h2>
              <p className="mt-2">
                <span className="text-4xl font-bold">{price}</span>
                <span className="text-slate-600"> {t('landing.perMonth')}</span>
              </p>
              <p className="mt-2 font-medium text-brand-800" data-testid="crew-included">
                {t('price.crewIncluded')}
              </p>
              <p className="mt-1 text-sm text-slate-600">{t('landing.pricingNote', { days: TRIAL_DAYS, pricePerMonth: formatPricePerMonth() })}</p>
              <ul className="mt-5 space-y-2">
                {PRO_FEATURES.map((feature) => (
                  <li key={feature} className="flex items-center gap-2">
                    <Check className="size-5 shrink-0 text-brand-700" aria-hidden="true" /> {t(feature)}
                  </li>
                ))}
              </ul>
              <Link href="/auth?mode=register" className={`${linkButton} mt-6 bg-brand-700 text-white hover:bg-brand-800 sm:w-full`}>
                {t('landing.startTrial')}
              </Link>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200 py-6">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 px-4 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1">
            <ShieldCheck className="size-4" aria-hidden="true" /> © {PRODUCT_NAME}
          </span>
          <nav aria-label={t('landing.footerNav')} className="flex items-center gap-2">
            <Link href="/accessibility" className="inline-flex min-h-11 items-center rounded-lg px-2 text-slate-700 underline-offset-4 hover:underline">
              {t('landing.accessibility')}
            </Link>
            <Link href="/admin" className="inline-flex min-h-11 items-center rounded-lg px-2 text-xs text-slate-600 hover:text-slate-900">
              {t('landing.admin')}
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
