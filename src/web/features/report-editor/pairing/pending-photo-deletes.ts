// Deleting a photo is one tap on a phone, so it is undoable: the photo leaves the
// screen at once, and the DELETE is sent only when the Undo toast's few seconds have lapsed.
// Kept outside React so leaving the report does not cancel a delete the user meant; leaving the
// page (reload, closing the tab) sends the waiting deletes at once, as keepalive requests.
import { useSyncExternalStore } from 'react';

export const UNDO_DELETE_MS = 5000;

/** Sends the delete; `leaving`: the page is going away, so the request must outlive it. */
export type SendDelete = (options: { leaving: boolean }) => Promise<void>;

const waiting = new Map<number, { timer: ReturnType<typeof setTimeout>; send: SendDelete }>();
let hidden: ReadonlySet<number> = new Set();
const listeners = new Set<() => void>();

function publish(next: Set<number>): void {
  hidden = next;
  for (const listener of listeners) listener();
}

const unhide = (photoId: number) => publish(new Set([...hidden].filter((id) => id !== photoId)));

function sendNow(photoId: number, leaving: boolean): void {
  const entry = waiting.get(photoId);
  if (!entry) return;
  clearTimeout(entry.timer);
  waiting.delete(photoId);
  void entry.send({ leaving }).finally(() => unhide(photoId));
}

/** Hides the photo now and sends the delete after UNDO_DELETE_MS; it shows again if the delete fails. */
export function scheduleDelete(photoId: number, send: SendDelete): void {
  publish(new Set([...hidden, photoId]));
  waiting.set(photoId, { send, timer: setTimeout(() => sendNow(photoId, false), UNDO_DELETE_MS) });
}

/** Undo: the delete is never sent and the photo is back. */
export function undoDelete(photoId: number): void {
  clearTimeout(waiting.get(photoId)?.timer);
  waiting.delete(photoId);
  unhide(photoId);
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', () => [...waiting.keys()].forEach((photoId) => sendNow(photoId, true)));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ids of photos whose delete is waiting out its undo time (or in flight). */
export function usePendingPhotoDeletes(): ReadonlySet<number> {
  return useSyncExternalStore(subscribe, () => hidden);
}
