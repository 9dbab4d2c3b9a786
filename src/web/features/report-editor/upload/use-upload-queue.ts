// The one upload queue of this tab, and the hooks that show it.
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from '../../../lib/toast';
import { notifyProjectError, handleUnauthorized, type UnauthorizedTarget } from '../../reports/project-errors';
import { openPendingUploadStore, type PendingUploadStore } from './pending-upload-store';
import { sendPhoto } from './send-photo';
import { UploadQueue, type QueuedUploadView } from './upload-queue';
import { refreshProject } from '../api/project-api';

let storePromise: Promise<PendingUploadStore> | null = null;
const openStore = () => (storePromise ??= openPendingUploadStore());
const lazyStore: PendingUploadStore = {
  list: async () => (await openStore()).list(),
  put: async (upload) => (await openStore()).put(upload),
  remove: async (id) => (await openStore()).remove(id),
};

export const uploadQueue = new UploadQueue(lazyStore, { send: sendPhoto });

export function usePendingUploads(projectId: number): QueuedUploadView[] {
  const all = useSyncExternalStore(uploadQueue.subscribe, uploadQueue.getSnapshot);
  return all.filter((upload) => upload.projectId === projectId);
}

/** Starts the queue, retries when the browser comes back online, and tells the user what happened. */
export function useUploadNotifications(unauthorizedTarget: UnauthorizedTarget): void {
  useEffect(() => {
    void uploadQueue.start();
    const onOnline = () => uploadQueue.retryNow();
    window.addEventListener('online', onOnline);
    const unsubscribe = uploadQueue.onEvent((event) => {
      switch (event.kind) {
        case 'uploaded':
          void refreshProject(event.upload.projectId);
          toast(event.upload.source === 'camera' ? { title: 'Photo Saved', description: `${event.upload.type.toUpperCase()} photo added to the report.` } : { title: 'Photo Uploaded', description: `${event.upload.type.toUpperCase()} photo added to the report.` });
          break;
        case 'waiting':
          if (event.upload.failedAttempts === 1) toast({ title: 'Waiting to upload', description: 'The photo is kept on this device and uploads by itself when the connection is back.' });
          break;
        case 'unauthorized':
          handleUnauthorized(unauthorizedTarget);
          break;
        case 'failed':
          notifyProjectError(event.error, 'Failed to save photo', unauthorizedTarget);
          break;
      }
    });
    return () => {
      window.removeEventListener('online', onOnline);
      unsubscribe();
    };
  }, [unauthorizedTarget]);
}
