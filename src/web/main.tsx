import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import type { User } from '@shared/contract/auth';
import { queryClient } from './lib/query-client';
import { USER_QUERY_KEY } from './lib/query-keys';
import { startFirstScreen } from './lib/first-screen';
import { persistQueriesFromNowOn, restorePersistedQueries } from './lib/persisted-queries';
import { AppRoutes } from './routes';
import { Toaster } from './components/toaster';
import { I18nProvider } from '@lingui/react';
import { LanguageKeyed } from './components/language-keyed';
import { activateLocale, i18n } from './lib/i18n/i18n';
import './lib/i18n/error-text'; // installs the translator of the server's error messages
import { deviceLocale, rememberLocale } from './lib/i18n/locale-choice';
import './index.css';

const firstScreenUser = startFirstScreen();
const signedInUserId = firstScreenUser === undefined ? undefined : (firstScreenUser?.id ?? null);
const restored = restorePersistedQueries(queryClient, signedInUserId);
// The server said who is signed in: paint now, the kept reports arrive in the background. It
// could not (the offline shell): the kept user and reports come first, or the app would ask the
// API and, with no signal, see nobody signed in.
if (signedInUserId === undefined) await Promise.race([restored, new Promise((resolve) => setTimeout(resolve, 2000))]);
void restored.then(() => persistQueriesFromNowOn(queryClient));

// The first screen's language before anything paints: a signed-in user's stored
// language (offline: the kept user's), else the device's (its remembered choice, else the
// browser's languages). Spanish is fetched first when it is the one; English is already in this chunk.
const signedInUser = firstScreenUser ?? queryClient.getQueryData<User | null>(USER_QUERY_KEY) ?? null;
const firstLocale = signedInUser?.locale ?? deviceLocale();
if (signedInUser) rememberLocale(signedInUser.locale);
await activateLocale(firstLocale).catch(() => activateLocale('en'));

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

createRoot(root).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LanguageKeyed>
          <AppRoutes />
          <Toaster />
        </LanguageKeyed>
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
