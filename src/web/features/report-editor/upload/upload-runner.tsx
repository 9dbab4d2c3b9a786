// Keeps the signed-in user's photos uploading on every signed-in screen (not only in the open
// report), and says what happened. Mounted once, by the route table, while someone is signed in.
// A 401 or 402 has been told by the client (lib/api.ts); the photo simply waits.
import { t } from '../../../lib/i18n/i18n';
import { photoTypeBadge } from '../../../lib/photo-type-label';
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
      const label = photoTypeBadge(event.upload.type);
      switch (event.kind) {
        case 'uploaded':
          void refreshProject(event.upload.projectId);
          toast({ title: event.upload.source === 'camera' ? t('upload.photoSaved') : t('upload.photoUploaded'), description: t('upload.added', { type: label }) });
          break;
        case 'waiting':
          // Once per photo: its first failure. spec §8's 'Failed to save photo' when the server failed.
          if (event.upload.failedAttempts !== 1) break;
          if (event.reason === 'server') toast({ title: t('addPhotos.saveFailed'), description: t('upload.serverFailed', { type: label }), variant: 'destructive' });
          else toast({ title: t('upload.waiting'), description: t('upload.waitingText') });
          break;
        case 'failed':
          notifyFailure(event.error, t('addPhotos.saveFailed'));
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
