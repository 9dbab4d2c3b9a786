// A report with no areas that was finished elsewhere (another phone, a manager, the API): in place
// of Add Photos, the note that it is finished and Reopen job, as a report made from a template
// shows in its areas' card. Photos that reached the server after the finish wait on this phone
// ("reopen") and stay in sight here; reopening sends them on. A reopen kept in the outbox (no
// signal) counts as done on this phone: Add Photos is back, and what is taken goes behind it.
import type { Project } from '@shared/contract/projects';
import { t } from '../../lib/i18n/i18n';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { AddPhotosCard } from './add-photos-card';
import { PendingUploads } from './upload/pending-uploads';
import { usePendingUploads } from './upload/use-upload-queue';
import { useJobChanges } from './use-job-changes';
import { useFinishedOnDevice } from './status-on-device';

/** Add Photos for a report with no areas, or Reopen job while it is finished. */
export function BlankReportPhotos({ project }: { project: Project }) {
  return useFinishedOnDevice(project) ? <FinishedJobCard project={project} /> : <AddPhotosCard project={project} />;
}

function FinishedJobCard({ project }: { project: Project }) {
  const uploads = usePendingUploads(project.id);
  const { busy, reopen } = useJobChanges(project.id);

  return (
    <Card aria-labelledby="finished-job-title">
      <CardTitle id="finished-job-title">{t('addPhotos.title')}</CardTitle>
      <p className="mt-2 rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200" data-testid="job-finished">
        {t('finish.isFinished')}
      </p>
      <PendingUploads uploads={uploads} />
      <Button variant="secondary" className="mt-3 w-full" disabled={busy} onClick={() => void reopen(t('areas.failed'))}>
        {t('finish.reopen')}
      </Button>
    </Card>
  );
}
