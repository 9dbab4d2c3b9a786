// Deleting a photo is one tap on a phone, so it is undoable (issue 16): the photo leaves the
// screen at once, and the DELETE is sent only when the Undo toast's few seconds have lapsed.
// Kept outside React so leaving the report does not cancel a delete the user meant.
import { useSyncExternalStore } from 'react';

export const UNDO_DELETE_MS = 5000;

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let hidden: ReadonlySet<number> = new Set();
const listeners = new Set<() => void>();

function publish(next: Set<number>): void {
  hidden = next;
  for (const listener of listeners) listener();
}

/** Hides the photo now and sends the delete after UNDO_DELETE_MS; it shows again if the delete fails. */
export function scheduleDelete(photoId: number, send: () => Promise<void>): void {
  publish(new Set([...hidden, photoId]));
  timers.set(
    photoId,
    setTimeout(() => {
      timers.delete(photoId);
      void send().finally(() => publish(new Set([...hidden].filter((id) => id !== photoId))));
    }, UNDO_DELETE_MS),
  );
}

/** Undo: the delete is never sent and the photo is back. */
export function undoDelete(photoId: number): void {
  clearTimeout(timers.get(photoId));
  timers.delete(photoId);
  publish(new Set([...hidden].filter((id) => id !== photoId)));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ids of photos whose delete is waiting out its undo time (or in flight). */
export function usePendingPhotoDeletes(): ReadonlySet<number> {
  return useSyncExternalStore(subscribe, () => hidden);
}
