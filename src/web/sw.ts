// The service worker (decision 018): the app opens with no signal. It precaches this build's
// shell (index.html, scripts, styles, report fonts, icons), answers a navigation from the network
// first and from the precached shell when there is none, and keeps the thumbnails of the reports
// opened while online. The reports' data itself is the persisted query cache's (the page's), so
// no /api/ answer but a thumbnail is ever touched here: Playwright's and the page's own view of
// API requests stay as they were. It never takes over a running page (no skipWaiting, no
// clients.claim): a new build's worker waits, and serves the next time the app is opened.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { THUMBNAIL_CACHE } from './lib/offline-cache-names';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** Chrome's static routing (InstallEvent.addRoutes): requests it sends past the worker entirely. */
interface RouterRule {
  condition: { urlPattern: string; requestMethod?: string };
  source: 'network' | 'fetch-event';
}

// Every API request but a thumbnail goes straight to the network, never waking this worker: a
// keepalive delete sent as the page is left, an upload, a request a test intercepts all behave
// exactly as without a worker. First match wins. Browsers without static routing ask the fetch
// handler, which answers only the routes below and lets every other request through.
self.addEventListener('install', (event) => {
  const addRoutes = (event as ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> }).addRoutes;
  if (!addRoutes) return;
  event.waitUntil(
    addRoutes
      .call(event, [
        { condition: { urlPattern: '/api/photos/:id/thumbnail', requestMethod: 'GET' }, source: 'fetch-event' },
        { condition: { urlPattern: '/api/*' }, source: 'network' },
        { condition: { urlPattern: '/r/*' }, source: 'network' },
      ])
      .catch(() => undefined),
  );
});

// No directory index: Workbox would otherwise answer `/` (the installed app's start URL) with the
// precached index.html, never asking the server, whose page says who is signed in and which
// build is current. Navigations are the route below's.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

/** Pages the server writes itself (the client link's page) and the API are never the shell. */
const NOT_THE_APP = [/^\/api\//, /^\/r\//, /^\/metrics/, /^\/healthz/, /^\/readyz/];

/** A page request that has not answered by then (a signal that says "online" but carries nothing) gets the shell. */
const PAGE_WAIT_MS = 5_000;

function fetchWithin(request: Request, ms: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the page took too long')), ms);
    fetch(request)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        // Online: the server's page, which carries who is signed in (first-screen.ts).
        return await fetchWithin(request, PAGE_WAIT_MS);
      } catch {
        // No signal: the precached shell; the persisted query cache has the user and the reports.
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: NOT_THE_APP },
  ),
);

// A photo's thumbnail never changes (its id names it). The cache holds one user's: the page
// empties it when the server reports another user or nobody (lib/service-worker.ts).
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && /^\/api\/photos\/\d+\/thumbnail$/.test(url.pathname),
  new CacheFirst({ cacheName: THUMBNAIL_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 3000, maxAgeSeconds: 90 * 24 * 3600 })] }),
);
