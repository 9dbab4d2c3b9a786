import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './lib/query-client';
import { startFirstScreen } from './lib/first-screen';
import { persistQueriesFromNowOn, restorePersistedQueries } from './lib/persisted-queries';
import { AppRoutes } from './routes';
import { Toaster } from './components/toaster';
import './index.css';

const signedInUserId = startFirstScreen();
const restored = restorePersistedQueries(queryClient, signedInUserId);
// The server said who is signed in: paint now, the kept reports arrive in the background. It
// could not (the offline shell): the kept user and reports come first, or the app would ask the
// API and, with no signal, see nobody signed in.
if (signedInUserId === undefined) await Promise.race([restored, new Promise((resolve) => setTimeout(resolve, 2000))]);
void restored.then(() => persistQueriesFromNowOn(queryClient));

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
