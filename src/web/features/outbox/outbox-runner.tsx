// Keeps the signed-in user's outbox sending on every signed-in screen (not only in the open
// report), and says what happened. Mounted once, by the route table, while someone is signed in.
// A 401 or 402 has been told by the client (lib/api.ts); the entry simply waits.
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { t } from '../../lib/i18n/i18n';
import { photoTypeBadge } from '../../lib/photo-type-label';
import { useAccess } from '../../lib/access';
import { missingAreasOf, notifyFailure } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { isShotCounted } from '../../lib/counted-shots';
import { refreshProject } from '../../lib/refresh-project';
import { outbox, startOutbox } from '../../lib/outbox/app-outbox';
import type { OutboxEvent } from '../../lib/outbox/outbox';
import { publishOutboxWaiting } from '../../lib/outbox/outbox-status';
import type { OutboxEntryKind } from '../../lib/outbox/outbox-entries';
import { moveReportToServerId } from '../../lib/outbox/local-reports';
import { parseProjectParam } from '../../lib/project-param';
import { keepTemplatesOnDevice } from '../../lib/kept-templates';

export default function OutboxRunner({ userId }: { userId: number }) {
  // A report made offline and now made on the server: the open editor moves to its real id.
  const [, navigate] = useLocation();
  const openProjectId = parseProjectParam(useSearch());
  const moveOpenReport = useRef<(localId: number, serverId: number) => void>(() => undefined);
  useEffect(() => {
    moveOpenReport.current = (localId, serverId) => {
      if (openProjectId === localId) navigate(`/?project=${serverId}`, { replace: true });
    };
  }, [openProjectId, navigate]);

  useEffect(() => {
    outbox.setOwner(userId);
    void startOutbox();
    // Not the outbox's own work, but it needs the same moment: signed in, idle, and on every screen.
    keepTemplatesOnDevice();
    const onOnline = () => outbox.retryNow();
    window.addEventListener('online', onOnline);
    const publish = () => publishOutboxWaiting(outbox.getSnapshot().length);
    publish();
    const unsubscribeCount = outbox.subscribe(publish);
    const unsubscribe = outbox.onEvent((event) => {
      if (event.kind === 'sent' && event.entry.kind === 'create-report' && event.serverId !== null) {
        moveReportToServerId(event.entry.projectId, event.serverId);
        moveOpenReport.current(event.entry.projectId, event.serverId);
        void refreshProject(event.serverId);
      }
      tell(event);
    });
    return () => {
      // Signed out (or another user signed in): stop sending this user's entries; they stay kept.
      outbox.setOwner(null);
      publishOutboxWaiting(0);
      window.removeEventListener('online', onOnline);
      unsubscribeCount();
      unsubscribe();
    };
  }, [userId]);

  // Entries held for access go as soon as the status says the user has access again.
  const hasAccess = useAccess({ fetch: false }) === true;
  useEffect(() => {
    if (hasAccess) outbox.retryNow();
  }, [hasAccess]);

  return null;
}

/** What each kind of entry says when the server refused it for good. */
const FAILED_TITLE: Record<OutboxEntryKind, () => string> = {
  photo: () => t('addPhotos.saveFailed'),
  edit: () => t('details.updateFailed'),
  'create-report': () => t('report.createFailed'),
  'delete-photo': () => t('pairs.photoDeleteFailed'),
  'create-pair': () => t('pairs.createFailed'),
  'delete-pair': () => t('pairs.deleteFailed'),
  'auto-pair': () => t('pairs.autoFailed'),
  'skip-area': () => t('areas.failed'),
  finish: () => t('finish.failed'),
  reopen: () => t('areas.failed'),
};

function tell(event: OutboxEvent): void {
  const { entry } = event;
  switch (event.kind) {
    case 'sent':
      if (entry.kind !== 'create-report') void refreshProject(entry.projectId);
      // A field camera shot or a bulk import is told by its counter or progress line, not a toast each.
      if (entry.kind === 'photo' && !isShotCounted(entry.id)) {
        toast({
          title: entry.source === 'camera' ? t('upload.photoSaved') : t('upload.photoUploaded'),
          description: t('upload.added', { type: photoTypeBadge(entry.type) }),
        });
      }
      // Pairing kept offline says when it is done, with the words it has online (spec §8).
      if (entry.kind === 'create-pair') toast({ title: t('pairs.created'), description: t('pairs.createdText') });
      if (entry.kind === 'delete-pair') toast({ title: t('pairs.deleted'), description: t('pairs.deletedText') });
      if (entry.kind === 'auto-pair') toast({ title: t('pairs.autoDone'), description: t('pairs.autoDoneText', { count: event.pairsCreated ?? 0 }) });
      // A finish kept on the device: the server has checked every area and closed the job.
      if (entry.kind === 'finish') toast({ title: t('finish.done'), description: t('finish.confirmedText') });
      break;
    case 'waiting':
      // Finished on the server meanwhile: the screen shows it so (Reopen job in place of Add Photos).
      if (event.reason === 'reopen' && 'projectId' in entry) void refreshProject(entry.projectId);
      // Once per photo: its first failure. spec §8's 'Failed to save photo' when the server failed.
      if (entry.kind !== 'photo' || entry.failedAttempts !== 1) break;
      if (event.reason === 'server')
        toast({ title: t('addPhotos.saveFailed'), description: t('upload.serverFailed', { type: photoTypeBadge(entry.type) }), variant: 'destructive' });
      else if (event.reason === 'reopen') toast({ title: t('upload.waiting'), description: t('upload.reopenText') });
      else if (!isShotCounted(entry.id)) toast({ title: t('upload.waiting'), description: t('upload.waitingText') });
      break;
    case 'failed': {
      // The server's gate refused a finish kept on the device: the job stays open, and says what is missing.
      const missing = entry.kind === 'finish' ? missingAreasOf(event.error) : null;
      if (missing) {
        void refreshProject(entry.projectId);
        toast({
          title: t('finish.failed'),
          description: t('finish.stillMissing', { areas: missing.map((area) => area.name).join(', ') }),
          variant: 'destructive',
        });
        break;
      }
      notifyFailure(event.error, FAILED_TITLE[entry.kind]());
      break;
    }
  }
}
