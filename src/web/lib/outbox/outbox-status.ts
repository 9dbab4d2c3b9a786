// How many entries of the signed-in user's outbox are waiting, for the first screens (the offline
// pill, the Sign Out warning): published by the outbox's runner, which loads later, so reading it
// costs the first load nothing of the outbox itself.
import { useSyncExternalStore } from 'react';

let waiting = 0;
const listeners = new Set<() => void>();

export function publishOutboxWaiting(count: number): void {
  if (count === waiting) return;
  waiting = count;
  for (const listener of listeners) listener();
}

/** The signed-in user's entries not on the server yet (0 until the outbox has loaded). */
export function outboxWaitingCount(): number {
  return waiting;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOutboxWaitingCount(): number {
  return useSyncExternalStore(subscribe, outboxWaitingCount, () => 0);
}
