// A report with no areas that was finished elsewhere (another phone, a manager, the API): in place
// of Add Photos, the note that it is finished and Reopen job, as a report made from a template
// shows in its areas' card. Photos that reached the server after the finish wait on this phone
// ("reopen") and stay in sight here; reopening sends them on. A reopen kept in the outbox (no
// signal) counts as done on this phone: Add Photos is back, and what is taken goes behind it.
import { useState } from 'react';
import type { Project } from '@shared/contract/projects';
import { t } from '../../lib/i18n/i18n';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth';
import { refreshProject } from '../../lib/refresh-project';
import { notifyFailure } from '../../lib/api-errors';
import { outbox, shouldQueue, useOutboxItems } from '../../lib/outbox/app-outbox';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { AddPhotosCard } from './add-photos-card';
import { PendingUploads } from './upload/pending-uploads';
import { usePendingUploads } from './upload/use-upload-queue';

/** Add Photos for a report with no areas, or Reopen job while it is finished. */
export function BlankReportPhotos({ project }: { project: Project }) {
  const reopenWaiting = useOutboxItems().some(({ entry }) => entry.kind === 'reopen' && entry.projectId === project.id);
  return project.status === 'finished' && !reopenWaiting ? <FinishedJobCard project={project} /> : <AddPhotosCard project={project} />;
}

function FinishedJobCard({ project }: { project: Project }) {
  const userId = useCurrentUser().data?.id ?? null;
  const uploads = usePendingUploads(project.id);
  const [busy, setBusy] = useState(false);

  const reopen = async () => {
    const entry = { kind: 'reopen' as const, projectId: project.id };
    // No signal, or earlier work still waiting: the reopen goes behind it in the outbox.
    if (shouldQueue()) {
      if (userId !== null) void outbox.enqueue({ ...entry, userId });
      return;
    }
    setBusy(true);
    try {
      await api.reopenProject({ params: { id: project.id } });
      // Photos refused while it was finished waited for this.
      outbox.retryNow();
    } catch (error) {
      if (error instanceof ApiError) notifyFailure(error, t('areas.failed'));
      else if (userId !== null) void outbox.enqueue({ ...entry, userId });
    } finally {
      await refreshProject(project.id);
      setBusy(false);
    }
  };

  return (
    <Card aria-labelledby="finished-job-title">
      <CardTitle id="finished-job-title">{t('addPhotos.title')}</CardTitle>
      <p className="mt-2 rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200" data-testid="job-finished">
        {t('finish.isFinished')}
      </p>
      <PendingUploads uploads={uploads} />
      <Button variant="secondary" className="mt-3 w-full" disabled={busy} onClick={() => void reopen()}>
        {t('finish.reopen')}
      </Button>
    </Card>
  );
}
