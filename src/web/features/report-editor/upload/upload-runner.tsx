// Keeps the signed-in user's photos uploading on every signed-in screen (not only in the open
// report), and says what happened. Mounted once, by the route table, while someone is signed in.
// A 401 or 402 has been told by the client (lib/api.ts); the photo simply waits.
import { useEffect } from 'react';
import { useAccess } from '../../../lib/access';
import { notifyFailure } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { refreshProject } from '../api/project-api';
import { uploadQueue } from './use-upload-queue';
import { detailsEdits } from '../details/details-edits';

export default function UploadRunner({ userId }: { userId: number }) {
  useEffect(() => {
    uploadQueue.setOwner(userId);
    void uploadQueue.start();
    // Details edited with no signal go up too, in the order made (details/pending-edits.ts).
    void detailsEdits.sendAll(userId);
    const onOnline = () => {
      uploadQueue.retryNow();
      void detailsEdits.sendAll(userId);
    };
    window.addEventListener('online', onOnline);
    const unsubscribe = uploadQueue.onEvent((event) => {
      const label = event.upload.type.toUpperCase();
      switch (event.kind) {
        case 'uploaded':
          void refreshProject(event.upload.projectId);
          toast({ title: event.upload.source === 'camera' ? 'Photo Saved' : 'Photo Uploaded', description: `${label} photo added to the report.` });
          break;
        case 'waiting':
          // Once per photo: its first failure. spec §8's 'Failed to save photo' when the server failed.
          if (event.upload.failedAttempts !== 1) break;
          if (event.reason === 'server') toast({ title: 'Failed to save photo', description: `The server could not save your ${label} photo just now. It is kept on this device and sent again by itself.`, variant: 'destructive' });
          else toast({ title: 'Waiting to upload', description: 'The photo is kept on this device and uploads by itself when the connection is back.' });
          break;
        case 'failed':
          notifyFailure(event.error, 'Failed to save photo');
          break;
      }
    });
    return () => {
      // Signed out (or another user signed in): stop sending this user's photos; they stay kept.
      uploadQueue.setOwner(null);
      window.removeEventListener('online', onOnline);
      unsubscribe();
    };
  }, [userId]);

  // Photos held for an upgrade go up as soon as the status says the user has access again.
  const hasAccess = useAccess({ fetch: false }) === true;
  useEffect(() => {
    if (!hasAccess) return;
    uploadQueue.retryNow();
    void detailsEdits.sendAll(userId);
  }, [hasAccess, userId]);

  return null;
}
