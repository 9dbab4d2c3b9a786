// Choosing the language: remembered on the device (locale-choice.ts) and, for a
// signed-in user, stored on the account (PATCH /api/user/preferences { locale }) so it follows
// them to a fresh browser; a user's stored language is applied when the app learns who they are.
import { useEffect } from 'react';
import type { User } from '@shared/contract/auth';
import type { Locale } from '@shared/preferences';
import { api } from '../api';
import { useCurrentUser } from '../auth';
import { queryClient } from '../query-client';
import { USER_QUERY_KEY } from '../query-keys';
import { activateLocale, currentLocale } from './i18n';
import { rememberLocale } from './locale-choice';

/** The control to give focus back to once the app has been rendered afresh in the new language. */
let refocusAfterChange: string | null = null;

/** Taken once by LanguageKeyed after it renders the new language (data-refocus of the control). */
export function takeRefocusTarget(): string | null {
  const target = refocusAfterChange;
  refocusAfterChange = null;
  return target;
}

/**
 * Switches the app's language. The app renders afresh (LanguageKeyed), which removes the control
 * used: `refocus` names the control (its data-refocus) that gets keyboard focus back after.
 */
export async function chooseLanguage(locale: Locale, refocus?: string): Promise<void> {
  refocusAfterChange = refocus ?? null;
  rememberLocale(locale);
  const user = queryClient.getQueryData<User | null>(USER_QUERY_KEY);
  if (user && user.locale !== locale) {
    const updated: User = { ...user, locale };
    queryClient.setQueryData(USER_QUERY_KEY, updated);
    // Not awaited: the screen changes at once; a failed save leaves the choice on this device.
    api.updatePreferences({ body: { locale } }).catch(() => undefined);
  }
  await activateLocale(locale);
}

/** Switches to a signed-in user's stored language when they sign in (or the page loads signed in). */
export function useAccountLanguage(): void {
  const { data: user } = useCurrentUser();
  const locale = user?.locale;
  useEffect(() => {
    if (!locale || locale === currentLocale()) return;
    rememberLocale(locale);
    void activateLocale(locale);
  }, [locale]);
}
