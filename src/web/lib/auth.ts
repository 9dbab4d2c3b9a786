// Who is signed in (spec §4): unknown until the current-user lookup (getUser) answers; a 401 means no user.
import { useQuery, type QueryFunction } from '@tanstack/react-query';
import type { User } from '@shared/contract/auth';
import { clearAuthToken, isUnauthorized } from './api-client';
import { api } from './api';
import { queryClient } from './query-client';
import { clearPersistedQueries } from './persisted-queries';
import { claimOfflineUserData, clearOfflineUserData } from './service-worker';
import { forgetPendingSignOut, keepSignOut, sendPendingSignOut } from './pending-sign-out';
import { USER_QUERY_KEY } from './query-keys';

/** getUser; a 401 yields null and clears the stored token (spec §4). */
export const currentUserQueryFn: QueryFunction<User | null> = async ({ signal }) => {
  // A sign-out still on its way: nobody is signed in here, and the old session is not asked.
  if (!(await sendPendingSignOut())) return null;
  try {
    const user = await api.getUser(undefined, { signal, on401: 'throw' });
    await claimOfflineUserData(user.id);
    return user;
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    clearAuthToken();
    await claimOfflineUserData(null);
    return null;
  }
};

/** The id of the account this device's session belongs to now, asked afresh (null: nobody); throws without a connection. */
export async function signedInUserId(): Promise<number | null> {
  try {
    return (await api.getUser(undefined, { on401: 'throw', signal: AbortSignal.timeout(10_000) })).id;
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export function useCurrentUser() {
  return useQuery<User | null>({ queryKey: USER_QUERY_KEY, queryFn: currentUserQueryFn });
}

/**
 * Clears the token and the user even when the call fails (spec §4), then the caller goes to /.
 * A call that fails is kept and sent when the device is online again (pending-sign-out.ts).
 */
export async function logout(): Promise<void> {
  keepSignOut();
  try {
    await sendPendingSignOut();
  } finally {
    await forgetSignedInUser();
  }
}

/** What Sign Out leaves behind on the device: nobody signed in, and nothing of the user's reports. */
async function forgetSignedInUser(): Promise<void> {
  clearAuthToken();
  // A user lookup still on its way (the refresh made just after sign-in) must not put the user
  // back: with the sign-out call lost, the server still knows the session it would answer with.
  await queryClient.cancelQueries({ queryKey: USER_QUERY_KEY });
  queryClient.setQueryData(USER_QUERY_KEY, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
  // Nothing of this user's reports stays readable on the device for whoever uses it next.
  await Promise.all([clearPersistedQueries(), clearOfflineUserData()]);
}

/**
 * After DELETE /api/user: the server has ended every session, so this device signs out as Sign Out
 * does, and also drops the account's waiting photos and edits (there is no account to send them to).
 */
export async function leaveDeletedAccount(userId: number): Promise<void> {
  forgetPendingSignOut();
  await forgetSignedInUser();
  // Loaded here only: the outbox is not part of the first screen.
  const { forgetEntriesOf } = await import('./outbox/app-outbox');
  await forgetEntriesOf(userId).catch(() => undefined);
}

/**
 * Auth paths: no redirect to /auth from these after a failed user lookup. /admin is one: it is
 * reachable signed in or not, behind its own password (spec §2); so are the pages of invites and
 * sign-in links.
 */
export function isAuthPath(pathname: string): boolean {
  // An invite or a sign-in link is opened by someone not signed in yet: its page says what went wrong itself.
  if (pathname.startsWith('/join/') || pathname.startsWith('/sign-in/')) return true;
  return pathname === '/auth' || pathname === '/reset-password' || pathname === '/admin';
}
