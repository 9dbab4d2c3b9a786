// The signed-in user's reports stay readable with no signal (decision 018): the user, the
// subscription status, the reports list, the clients and job templates seen, and every report
// opened while online are written to IndexedDB as they change, and read back when the app opens.
// The record names its user, so a different sign-in on this device never sees it; sign-out
// deletes it (clearPersistedQueries).
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { User } from '@shared/contract/auth';
import { PERSISTED_QUERIES_KEY } from './offline-cache-names';
import { CLIENTS_QUERY_KEY, PROJECTS_QUERY_KEY, SUBSCRIPTION_STATUS_QUERY_KEY, TEMPLATES_QUERY_KEY, USER_QUERY_KEY } from './query-keys';

interface PersistedQueries {
  userId: number;
  savedAt: number;
  state: DehydratedState;
}

/** Older than this, a record is dropped rather than shown as the user's reports. */
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;
const WRITE_THROTTLE_MS = 500;
const PERSISTED_ROOTS = new Set<unknown>([
  USER_QUERY_KEY[0],
  SUBSCRIPTION_STATUS_QUERY_KEY[0],
  PROJECTS_QUERY_KEY[0],
  CLIENTS_QUERY_KEY[0],
  TEMPLATES_QUERY_KEY[0],
]);

let store: UseStore | null = null;
const openStore = () => (store ??= createStore('cleanproof-offline', 'queries'));

function shouldPersist(query: Query): boolean {
  return query.state.status === 'success' && query.state.data !== undefined && PERSISTED_ROOTS.has(query.queryKey[0]);
}

function userOf(client: QueryClient): User | null | undefined {
  return client.getQueryData<User | null>(USER_QUERY_KEY);
}

/**
 * Reads the record back into the cache. `signedInUserId`: who the server said is signed in
 * (undefined when it could not say: the offline shell, the dev server). A record of anyone else is
 * deleted unread. The lists and reports read back are marked stale, so a screen that shows them
 * online asks the server again; offline their queries pause and the kept data stays on screen.
 */
export async function restorePersistedQueries(client: QueryClient, signedInUserId: number | null | undefined): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  try {
    const record = await get<PersistedQueries>(PERSISTED_QUERIES_KEY, openStore());
    if (!record) return;
    const foreign = signedInUserId !== undefined && signedInUserId !== record.userId;
    if (foreign || Date.now() - record.savedAt > MAX_AGE_MS) return void (await del(PERSISTED_QUERIES_KEY, openStore()));
    hydrate(client, record.state);
    const restored = new Set(record.state.queries.map((query) => query.queryHash));
    await client.invalidateQueries({ predicate: (query) => restored.has(query.queryHash) && query.queryKey[0] !== USER_QUERY_KEY[0], refetchType: 'none' });
  } catch {
    // No IndexedDB (some private modes) or a broken record: the app works online as before.
  }
}

/** Writes the signed-in user's queries whenever they change (at most every half second). */
export function persistQueriesFromNowOn(client: QueryClient): () => void {
  if (typeof indexedDB === 'undefined') return () => undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    timer = null;
    const user = userOf(client);
    if (!user) return; // signed out: logout() has deleted the record
    const record: PersistedQueries = {
      userId: user.id,
      savedAt: Date.now(),
      state: dehydrate(client, { shouldDehydrateQuery: shouldPersist, shouldDehydrateMutation: () => false }),
    };
    void set(PERSISTED_QUERIES_KEY, record, openStore()).catch(() => undefined);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    // Only a change to what is kept is worth a write (not admin figures or billing config).
    if (!PERSISTED_ROOTS.has(event.query.queryKey[0])) return;
    timer ??= setTimeout(write, WRITE_THROTTLE_MS);
  });
  // The page is going (a navigation, the app closed): a change not written yet is written now,
  // or a report deleted just before would come back from the record on the next open.
  const flush = () => {
    if (timer === null) return;
    clearTimeout(timer);
    write();
  };
  const onHidden = () => document.visibilityState === 'hidden' && flush();
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
  };
}

/** Sign-out: nothing of this user's reports stays readable on the device. */
export async function clearPersistedQueries(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await del(PERSISTED_QUERIES_KEY, openStore()).catch(() => undefined);
}
