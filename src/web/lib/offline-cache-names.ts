// Names the service worker (sw.ts) and the page share: the page empties these at sign-out, so
// nothing of one user's stays readable on the device for the next (decision 018).

/** Thumbnails of the reports opened while online (owner-only images: cleared at sign-out). */
export const THUMBNAIL_CACHE = 'cleanproof-thumbnails-v1';

/** The IndexedDB key of the persisted query cache (lib/persisted-queries.ts). */
export const PERSISTED_QUERIES_KEY = 'cleanproof-queries-v1';
