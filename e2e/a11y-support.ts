// Accessibility helpers for the browser journeys: axe-core on what is on screen, and the
// device language each run uses.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA, the standard the accessibility statement names (src/web/pages/accessibility-page.tsx). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The languages the app speaks; each run sets the device's choice, as the language menu does. */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_STORAGE_KEY = 'cleanproof.locale';

/** Makes every page of this context open in `locale`, as if the user had chosen it on this device. */
export async function useDeviceLocale(page: Page, locale: Locale): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      try {
        window.localStorage.setItem(key, value);
      } catch {
        // an opaque origin (about:blank) has no storage; the app's pages do
      }
    },
    [LOCALE_STORAGE_KEY, locale] as const,
  );
}

/** One line per offending element: rule, impact, what axe says, and where. */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact ?? 'n/a'}): ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help} at ${node.target.join(' ')}`,
    ),
  );
}

/**
 * Runs axe on the page as it is now and fails (softly, so one run lists every screen's problems)
 * on any violation of WCAG 2.2 AA. `where` names the screen in the failure.
 */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  // Let transitions and fonts settle: axe reads computed colours.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect.soft(describeViolations(results.violations), `axe violations on ${where}`).toEqual([]);
}

/** Closes every toast by its close button (the last button of a toast), in any language. */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.getByTestId('toast');
  while ((await toasts.count()) > 0) await toasts.first().locator('button').last().click();
}

let registered = 0;

/**
 * A new account, signed in on this page's context through the API (the form's words vary by
 * language). Its stored language is `locale`: a signed-in screen shows the account's language,
 * so an account left in English would turn a Spanish run's signed-in screens back to English.
 */
export async function registerThroughApi(
  page: Page,
  baseURL: string,
  businessName = 'Sparkle Cleaning Co',
  locale: Locale = 'en',
): Promise<{ email: string; password: string }> {
  registered += 1;
  const email = `a11y-${Date.now().toString(36)}-${process.pid}-${registered}@example.com`;
  const password = 'correct horse';
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.${process.pid % 256}.${registered % 256}` });
  const response = await page.request.post('/api/register', {
    headers: { origin: baseURL },
    data: { email, password, confirmPassword: password, businessName, locale },
  });
  expect(response.status()).toBe(201);
  return { email, password };
}
