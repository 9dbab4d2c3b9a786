// Who is signed in, known before React renders (LCP). The server writes the signed-in
// user into the page (src/server/web/serve-web-app.ts): with it the app paints the landing page or
// the reports at once instead of a spinner while GET /api/user is asked.
import type { User } from '@shared/contract/auth';
import { CURRENT_USER_ELEMENT_ID, type InlinedCurrentUser } from '@shared/inlined-user';
import { getAuthToken } from './api-client';
import { queryClient } from './query-client';
import { USER_QUERY_KEY } from './query-keys';
import { hasPendingSignOut, sendPendingSignOutWhenOnline } from './pending-sign-out';
import { claimOfflineUserData } from './service-worker';

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
  if (hasPendingSignOut()) {
    // Signed out on this device while offline: whatever the page says, nobody is signed in here
    // until the server has the sign-out (sent now, and again when the signal comes back).
    queryClient.setQueryData<User | null>(USER_QUERY_KEY, null);
    sendPendingSignOutWhenOnline();
    return null;
  }
  if (!inlined) return undefined; // the app asks GET /api/user, or reads the persisted cache offline
  // No cookie session but a stored bearer token: only the API can say who that is.
  if (!inlined.user && getAuthToken()) return undefined;
  queryClient.setQueryData<User | null>(USER_QUERY_KEY, inlined.user);
  // The server said who this is: thumbnails another user left on the device go.
  void claimOfflineUserData(inlined.user?.id ?? null);
  return inlined.user;
}
