// The open report (spec §2): Report Details, Add Photos, Photo Pairs and Export to PDF.
import { t } from '../../lib/i18n/i18n';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, CalendarDays, CheckCircle2 } from 'lucide-react';
import type { Project } from '@shared/contract/projects';
import { ApiError, isHandledByClient } from '../../lib/api-client';
import { Spinner } from '../../components/ui/spinner';
import { failureReason } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { formatCreatedDate, projectTitle } from '../../lib/project-labels';
import { useProject } from './api/project-api';
import { OfflineNote } from '../../components/offline-note';
import { useIsOnline } from '../../lib/online';
import { ReportDetailsCard } from './report-details-card';
import { AddPhotosCard } from './add-photos-card';
import { BlankReportPhotos } from './blank-report-photos';
import { PendingUploads } from './upload/pending-uploads';
import { usePendingUploads } from './upload/use-upload-queue';
import { PhotoPairsCard } from './pairing/photo-pairs-card';
import { usePageTitle } from '../../lib/page-title';
import { useDiscardWhenLeftEmpty } from './discard-empty-report';

/** `actions` are the page's buttons beside the title (Share link, Export to PDF): the page composes features. */
export default function ReportEditor({ projectId, actions }: { projectId: number; actions?: (project: Project) => ReactNode }) {
  const { data: project, error, isPending, fetchStatus } = useProject(projectId);
  usePageTitle('report', project ? projectTitle(project) : undefined);
  const online = useIsOnline();
  useDiscardWhenLeftEmpty(projectId);

  // Deleted (here or on another device) since this device kept it: the kept copy is not shown.
  const gone = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    // A failed refresh of a report already on screen (a weak signal) keeps it, without a toast.
    if (!error || isHandledByClient(error) || (project && !gone)) return;
    toast({
      title: t('editor.loadFailed'),
      description: error instanceof ApiError && error.status === 404 ? t('editor.missing') : failureReason(error),
      variant: 'destructive',
    });
  }, [error, project, gone]);

  const backLink = (
    <Link href="/" className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
      <ArrowLeft className="size-4" aria-hidden="true" /> {t('editor.allReports')}
    </Link>
  );

  if (isPending && (fetchStatus === 'paused' || projectId < 0)) {
    // Offline, and this report was never opened on this device while online (or, made offline, it
    // is no longer kept here).
    return (
      <div>
        {backLink}
        <div className="mt-4 rounded-xl border border-slate-200 bg-white p-8 text-center" data-testid="report-not-kept">
          <p className="font-semibold">{t('editor.notKept')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('editor.notKeptText')}</p>
        </div>
      </div>
    );
  }

  if (isPending) {
    return (
      <div>
        {backLink}
        <div className="flex justify-center py-16">
          <Spinner label={t('editor.loading')} />
        </div>
      </div>
    );
  }

  if (!project || gone) {
    return (
      <div>
        {backLink}
        <div className="mt-4 rounded-xl border border-slate-200 bg-white p-8 text-center">
          <p className="font-semibold">{t('editor.cannotOpen')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('editor.cannotOpenText')}</p>
        </div>
      </div>
    );
  }

  return (
    <div>
      {backLink}
      {/* On a phone the page's buttons go under the title, on a wider screen beside it. */}
      <div className="mt-1 mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <h1 className="truncate text-2xl font-bold">{projectTitle(project)}</h1>
          <p className="mt-0.5 inline-flex items-center gap-1 text-sm text-slate-500">
            <CalendarDays className="size-4" aria-hidden="true" />{' '}
            <time dateTime={project.createdAt}>{t('editor.created', { date: formatCreatedDate(project.createdAt) })}</time>
          </p>
        </div>
        {actions && project.id < 0 ? (
          // Made with no signal: Share link and Export wait until the server has made it.
          <OfflineNote id="report-offline-note">{t('editor.notOnServerYet')}</OfflineNote>
        ) : (
          actions && (
            <div className="flex flex-col gap-1 sm:items-end">
              <div className="flex flex-wrap items-start gap-2">{actions(project)}</div>
              {/* What Share link and Export hand over is the finished job, and they say so. */}
              {project.status === 'finished' && project.finishedAt && (
                <p className="inline-flex items-center gap-1 text-sm font-medium text-emerald-800" data-testid="actions-finished">
                  <CheckCircle2 className="size-4" aria-hidden="true" />
                  {t('editor.sharesFinished', { date: formatCreatedDate(project.finishedAt) })}
                </p>
              )}
              {!online && <OfflineNote id="report-offline-note">{t('editor.needsConnection')}</OfflineNote>}
            </div>
          )
        )}
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:items-start">
        <ReportDetailsCard project={project} />
        {project.areas.length > 0 ? (
          <Suspense fallback={<Spinner />}>
            <AreaCapture
              project={project}
              addPhotos={(props) => <AddPhotosCard project={project} {...props} />}
              waitingUploads={<WaitingUploads projectId={project.id} />}
            />
          </Suspense>
        ) : (
          // A blank report has no Finish job here; finished elsewhere, it is reopened before photos go in.
          <BlankReportPhotos project={project} />
        )}
        {(project.approval || project.issues.length > 0) && (
          <div className="lg:col-span-2">
            <Suspense fallback={<Spinner />}>
              <ClientAnswersCard project={project} />
            </Suspense>
          </div>
        )}
        <div className="lg:col-span-2">
          <PhotoPairsCard project={project} />
        </div>
      </div>
    </div>
  );
}

// Only reports made from a template load the areas' screen.
const AreaCapture = lazy(() => import('./areas/area-capture'));
// Only reports a client has answered load the answers.
const ClientAnswersCard = lazy(() => import('./client-answers/client-answers-card'));

/** The report's photos still on this device, on their own (Add Photos is gone from a job finished here). */
function WaitingUploads({ projectId }: { projectId: number }) {
  return <PendingUploads uploads={usePendingUploads(projectId)} />;
}
