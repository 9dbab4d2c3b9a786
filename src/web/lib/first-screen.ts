// Who is signed in, known before React renders (issue 16: LCP). The server writes the signed-in
// user into the page (src/server/web/serve-web-app.ts): with it the app paints the landing page or
// the reports at once instead of a spinner while GET /api/user is asked.
import type { User } from '@shared/contract/auth';
import { CURRENT_USER_ELEMENT_ID, type InlinedCurrentUser } from '@shared/inlined-user';
import { getAuthToken } from './api-client';
import { queryClient } from './query-client';
import { USER_QUERY_KEY } from './query-keys';

function readInlinedUser(): InlinedCurrentUser | null {
  const element = document.getElementById(CURRENT_USER_ELEMENT_ID);
  const text = element?.textContent;
  // Read once; the page keeps no copy of it (the query cache is the one place for the user).
  element?.remove();
  if (!text) return null;
  try {
    return JSON.parse(text) as InlinedCurrentUser;
  } catch {
    return null;
  }
}

/**
 * Puts the inlined user in the query cache and returns who the server said is signed in: the
 * user, null for nobody, or undefined when it could not say (no data block: the offline shell of
 * the service worker, or the dev server).
 */
export function startFirstScreen(): User | null | undefined {
  const inlined = readInlinedUser();
  if (!inlined) return undefined; // the app asks GET /api/user, or reads the persisted cache offline
  // No cookie session but a stored bearer token: only the API can say who that is.
  if (!inlined.user && getAuthToken()) return undefined;
  queryClient.setQueryData<User | null>(USER_QUERY_KEY, inlined.user);
  return inlined.user;
}
