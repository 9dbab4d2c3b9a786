// Photos waiting to upload, kept in IndexedDB so a closed tab or a dead battery loses nothing.
import type { PhotoType } from '@shared/contract/projects';

export type PhotoSource = 'camera' | 'upload';

export interface PendingUpload {
  /**
   * A random UUID made on this device when the photo was kept: sent as the Idempotency-Key of
   * every try, so a try whose answer was lost never stores the photo twice (issue 13).
   */
  id: string;
  /** Who took it: only this user's session sends it. */
  userId: number;
  projectId: number;
  type: PhotoType;
  source: PhotoSource;
  /** The JPEG bytes (an ArrayBuffer: older Safari cannot store Blobs in IndexedDB). */
  bytes: ArrayBuffer;
  mimeType: string;
  /** When it was taken: uploads go in this order, which is the order auto-pair follows. */
  createdAt: number;
  /**
   * When it was taken, ISO 8601: the device clock at the shutter, or a chosen file's own EXIF
   * date. Absent when unknown (and on photos kept by an older version of the app).
   */
  capturedAt?: string;
  failedAttempts: number;
}

export interface PendingUploadStore {
  list(): Promise<PendingUpload[]>;
  put(upload: PendingUpload): Promise<void>;
  remove(id: string): Promise<void>;
}

const DB_NAME = 'cleanproof';
const STORE = 'pending-uploads';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'id' });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('IndexedDB unavailable'));
    open.onblocked = () => reject(new Error('IndexedDB blocked'));
  });
}

function createIndexedDbStore(db: IDBDatabase): PendingUploadStore {
  const run = async <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const tx = db.transaction(STORE, mode);
    // Resolved only once the transaction commits: a put is on disk before we say it is kept.
    const committed = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
    const result = await request(action(tx.objectStore(STORE)));
    await committed;
    return result;
  };
  return {
    list: async () => ((await run('readonly', (store) => store.getAll())) as PendingUpload[]).sort((a, b) => a.createdAt - b.createdAt),
    put: async (upload) => void (await run('readwrite', (store) => store.put(upload))),
    remove: async (id) => void (await run('readwrite', (store) => store.delete(id))),
  };
}

/** Kept only in memory: the fallback when the browser offers no IndexedDB (some private modes). */
export function createMemoryStore(): PendingUploadStore {
  const items = new Map<string, PendingUpload>();
  return {
    list: async () => [...items.values()].sort((a, b) => a.createdAt - b.createdAt),
    put: async (upload) => void items.set(upload.id, upload),
    remove: async (id) => void items.delete(id),
  };
}

export async function openPendingUploadStore(): Promise<PendingUploadStore> {
  if (typeof indexedDB === 'undefined') return createMemoryStore();
  try {
    return createIndexedDbStore(await openDatabase());
  } catch {
    return createMemoryStore();
  }
}
