// Registers the service worker (src/web/sw.ts, decision 018) once someone is signed in and the
// first screen has painted: the landing page never pays for it. A new build's worker is left
// waiting: it serves from the next time the app is opened, never in the middle of a capture.
import { THUMBNAIL_CACHE } from './offline-cache-names';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined); // no worker: the app works online as before
}

/** Sign-out: the cached thumbnails of this user's reports go too (the page and its worker share CacheStorage). */
export async function clearOfflineUserData(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(THUMBNAIL_CACHE).catch(() => false);
}

const THUMBNAILS_OWNER_KEY = 'cleanproof-thumbnails-owner';

/** Whether the last answer about who is signed in here named someone (read at start, before any answer). */
export function lastSeenSignedIn(): boolean {
  try {
    return !!localStorage.getItem(THUMBNAILS_OWNER_KEY);
  } catch {
    return false;
  }
}

/**
 * The thumbnails kept on the device belong to one user. When the server reports another user, or
 * nobody (a session that ended without Sign Out), they go before anything else is shown.
 */
export async function claimOfflineUserData(userId: number | null): Promise<void> {
  const owner = userId === null ? '' : String(userId);
  try {
    if (localStorage.getItem(THUMBNAILS_OWNER_KEY) === owner) return;
    localStorage.setItem(THUMBNAILS_OWNER_KEY, owner);
  } catch {
    // no storage to remember the owner: clear every time
  }
  await clearOfflineUserData();
}
