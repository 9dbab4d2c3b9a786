// The one outbox of this tab, kept in IndexedDB, sending through the API.
import { useSyncExternalStore } from 'react';
import { signedInUserId } from '../auth';
import { askToKeepStorage } from './keep-storage';
import { Outbox, type OutboxItemView } from './outbox';
import { openOutboxStore, type OutboxStore } from './outbox-store';
import { sendEntry } from './send-entry';
import type { NewEntry } from './outbox-entries';

let storePromise: Promise<OutboxStore> | null = null;
const openStore = () => (storePromise ??= openOutboxStore());
const lazyStore: OutboxStore = {
  list: async () => (await openStore()).list(),
  put: async (entry) => (await openStore()).put(entry),
  remove: async (id) => (await openStore()).remove(id),
};

export const outbox = new Outbox(lazyStore, { send: sendEntry, onFirstKept: askToKeepStorage, signedInUserId });

/** Where an earlier version of the app kept details edits (localStorage), before they were outbox entries. */
const LEGACY_EDITS_KEY = 'cleanproof-pending-edits-v1';

interface LegacyEdit {
  userId: number;
  projectId: number;
  field: 'clientName' | 'description';
  value: string;
  madeAt: number;
}

/** Loads what earlier visits kept (moving edits an earlier version kept in localStorage) and starts sending. */
export function startOutbox(): Promise<void> {
  return outbox.start(() => {
    try {
      const parsed = JSON.parse(localStorage.getItem(LEGACY_EDITS_KEY) ?? '[]') as unknown;
      localStorage.removeItem(LEGACY_EDITS_KEY);
      if (!Array.isArray(parsed)) return [];
      return (parsed as LegacyEdit[])
        .sort((a, b) => a.madeAt - b.madeAt)
        .map((edit): NewEntry => ({ kind: 'edit', userId: edit.userId, projectId: edit.projectId, field: edit.field, value: edit.value }));
    } catch {
      return [];
    }
  });
}

/** The signed-in user's waiting entries, oldest first (re-rendered on every change). */
export function useOutboxItems(): OutboxItemView[] {
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
}

/**
 * Whether a change should go through the outbox rather than straight to the server: with no
 * signal, or while earlier work still waits there (so the order made holds).
 */
export function shouldQueue(): boolean {
  return !navigator.onLine || outbox.getSnapshot().length > 0;
}

/**
 * The account was deleted: its waiting entries can never be sent, so they go from this tab's
 * outbox and from the device (including any an outbox not yet started would load).
 */
export async function forgetEntriesOf(userId: number): Promise<void> {
  await outbox.discard((entry) => entry.userId === userId);
  const store = await openStore();
  for (const entry of await store.list()) if (entry.userId === userId) await store.remove(entry.id);
}
