// The one upload queue of this tab, and the hook that shows a report's waiting photos.
import { useSyncExternalStore } from 'react';
import { openPendingUploadStore, type PendingUploadStore } from './pending-upload-store';
import { askToKeepStorage } from './keep-storage';
import { sendPhoto } from './send-photo';
import { UploadQueue, type QueuedUploadView } from './upload-queue';
import { signedInUserId } from '../../../lib/auth';

let storePromise: Promise<PendingUploadStore> | null = null;
const openStore = () => (storePromise ??= openPendingUploadStore());
const lazyStore: PendingUploadStore = {
  list: async () => (await openStore()).list(),
  put: async (upload) => (await openStore()).put(upload),
  remove: async (id) => (await openStore()).remove(id),
};

export const uploadQueue = new UploadQueue(lazyStore, { send: sendPhoto, onFirstKept: askToKeepStorage, signedInUserId });

export function usePendingUploads(projectId: number): QueuedUploadView[] {
  const all = useSyncExternalStore(uploadQueue.subscribe, uploadQueue.getSnapshot);
  return all.filter((upload) => upload.projectId === projectId);
}
