// What a 401 does anywhere in the signed-in app (spec §2, §8): the 'Unauthorized' toast, the
// stored token cleared (spec §4), then a new sign-in after 500 ms.
import { AUTH_FAILURE_REDIRECT_MS } from '@shared/rules';
import { clearAuthToken } from './api-client';
import { toast } from './toast';

/** Where a 401 sends the user: the editor goes to /api/login, other screens to /auth (spec §2, §8). */
export type UnauthorizedTarget = '/api/login' | '/auth';

let redirectScheduled = false;

export function handleUnauthorized(target: UnauthorizedTarget): void {
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  if (redirectScheduled) return;
  redirectScheduled = true;
  clearAuthToken();
  setTimeout(() => window.location.assign(target), AUTH_FAILURE_REDIRECT_MS);
}

/** The target for a 401 on the page the user is on now: the open report (/?project=…) or elsewhere. */
export function unauthorizedTargetHere(): UnauthorizedTarget {
  return window.location.pathname === '/' && new URLSearchParams(window.location.search).has('project') ? '/api/login' : '/auth';
}
