// Keeps the signed-in user's photos uploading on every signed-in screen (not only in the open
// report), and says what happened. Mounted once, by the route table, while someone is signed in.
import { useEffect } from 'react';
import { refreshAccess, useAccess } from '../../../lib/access';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { handleUnauthorized } from '../../../lib/unauthorized';
import { notifyProjectError } from '../../reports/project-errors';
import { refreshProject } from '../api/project-api';
import { uploadQueue } from './use-upload-queue';

export default function UploadRunner({ userId }: { userId: number }) {
  useEffect(() => {
    uploadQueue.setOwner(userId);
    void uploadQueue.start();
    const onOnline = () => uploadQueue.retryNow();
    window.addEventListener('online', onOnline);
    const unsubscribe = uploadQueue.onEvent((event) => {
      const label = event.upload.type.toUpperCase();
      switch (event.kind) {
        case 'uploaded':
          void refreshProject(event.upload.projectId);
          toast({ title: event.upload.source === 'camera' ? 'Photo Saved' : 'Photo Uploaded', description: `${label} photo added to the report.` });
          break;
        case 'waiting':
          if (event.upload.failedAttempts === 1) toast({ title: 'Waiting to upload', description: 'The photo is kept on this device and uploads by itself when the connection is back.' });
          break;
        case 'unauthorized':
          handleUnauthorized();
          break;
        case 'payment-required':
          refreshAccess();
          toast({ title: 'Upgrade to Pro', description: `${accessEndedReason(event.error)} Your ${label} photo is kept on this device and uploads once you upgrade.`, variant: 'destructive' });
          break;
        case 'failed':
          notifyProjectError(event.error, 'Failed to save photo');
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
    if (hasAccess) uploadQueue.retryNow();
  }, [hasAccess]);

  return null;
}

/** The server's first sentence (it says why: trial over, or a failed payment); the rest is ours. */
function accessEndedReason(error: unknown): string {
  const message = error instanceof ApiError ? error.serverMessage : undefined;
  return message?.match(/^[^.]*\./)?.[0] ?? 'Your free trial has ended.';
}
