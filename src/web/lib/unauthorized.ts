// What a 401 does anywhere in the signed-in app (called by the typed client, api.ts) (spec §2, §8): the 'Unauthorized' toast, the
// stored token cleared (spec §4), then a new sign-in after 500 ms: from the open report through
// the API's login redirect, from any other screen at /auth. Where the user is when the 401 lands decides.
import { t } from './i18n/i18n';
import { AUTH_FAILURE_REDIRECT_MS } from '@shared/rules';
import { clearAuthToken } from './api-client';
import { apiPath } from './api/api-paths';
import { toast } from './toast';

let redirectScheduled = false;

export function handleUnauthorized(): void {
  toast({ title: t('auth.unauthorized'), description: t('auth.loggingInAgain'), variant: 'destructive' });
  if (redirectScheduled) return;
  redirectScheduled = true;
  clearAuthToken();
  setTimeout(() => window.location.assign(isReportOpen() ? apiPath('loginRedirect') : '/auth'), AUTH_FAILURE_REDIRECT_MS);
}

/** The report editor is the home page with ?project= (spec §2). */
function isReportOpen(): boolean {
  return window.location.pathname === '/' && new URLSearchParams(window.location.search).has('project');
}
