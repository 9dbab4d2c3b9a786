// The outbox's entries, kept in IndexedDB so a closed tab or a dead battery loses nothing.
// The object store keeps the name it had when it held only photos: photos kept by an earlier
// version of the app are read back as photo entries (normalizeStoredEntry) and sent.
import { normalizeStoredEntry, type OutboxEntry } from './outbox-entries';

export interface OutboxStore {
  /** Every kept entry of every user, oldest first. */
  list(): Promise<OutboxEntry[]>;
  /** Resolves once the entry is on disk: only then is it "kept". */
  put(entry: OutboxEntry): Promise<void>;
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

function createIndexedDbStore(db: IDBDatabase): OutboxStore {
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
    list: async () =>
      ((await run('readonly', (store) => store.getAll())) as Parameters<typeof normalizeStoredEntry>[0][])
        .map(normalizeStoredEntry)
        .sort((a, b) => a.createdAt - b.createdAt),
    put: async (entry) => void (await run('readwrite', (store) => store.put(entry))),
    remove: async (id) => void (await run('readwrite', (store) => store.delete(id))),
  };
}

/** Kept only in memory: the fallback when the browser offers no IndexedDB (some private modes). */
export function createMemoryStore(): OutboxStore {
  const items = new Map<string, OutboxEntry>();
  return {
    list: async () => [...items.values()].sort((a, b) => a.createdAt - b.createdAt),
    put: async (entry) => void items.set(entry.id, entry),
    remove: async (id) => void items.delete(id),
  };
}

export async function openOutboxStore(): Promise<OutboxStore> {
  if (typeof indexedDB === 'undefined') return createMemoryStore();
  try {
    return createIndexedDbStore(await openDatabase());
  } catch {
    return createMemoryStore();
  }
}
