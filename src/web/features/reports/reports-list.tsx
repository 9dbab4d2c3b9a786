import { Link } from 'wouter';
import { Camera, Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { OfflineNote } from '../../components/offline-note';
import { useIsOnline } from '../../lib/online';
import { useProjects } from './api/projects-api';
import { ProjectCard, ProjectCardSkeleton } from './project-card';
import { useCreateReport } from './use-create-report';
import { t } from '../../lib/i18n/i18n';

/** The reports home list (spec §2): newest first, or the empty state offering 'Create First Report'. */
export function ReportsList() {
  const { data: projects, isError, refetch } = useProjects();
  const { createReport, isCreating } = useCreateReport();
  const online = useIsOnline();

  // A failed refresh keeps what was shown (kept from an earlier visit, or fetched before).
  if (isError && !projects) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center">
        <p className="font-medium">{t('reports.loadFailed')}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void refetch()}>
          {t('common.tryAgainButton')}
        </Button>
      </div>
    );
  }

  if (projects?.length === 0) {
    return (
      <section className="mx-auto mt-4 max-w-md rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:mt-10">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Camera className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-xl font-bold">{t('reports.empty.title')}</h1>
        <p className="mt-2 text-slate-600">{t('reports.empty.text')}</p>
        <Button size="lg" className="mt-6 w-full sm:w-auto" onClick={createReport} disabled={isCreating || !online} aria-describedby={online ? undefined : 'new-report-offline'}>
          <Plus className="size-5" aria-hidden="true" />
          {isCreating ? t('common.creating') : t('reports.createFirst')}
        </Button>
        {!online && (
          <OfflineNote id="new-report-offline" className="mt-2 justify-center">
            {t('offline.needsConnection')}
          </OfflineNote>
        )}
      </section>
    );
  }

  return (
    <section aria-labelledby="reports-heading">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 id="reports-heading" className="text-2xl font-bold">
            {t('reports.title')}
          </h1>
          <Link href="/projects" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
            {t('reports.manage')}
          </Link>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Button onClick={createReport} disabled={isCreating || !projects || !online} aria-describedby={online ? undefined : 'new-report-offline'}>
            <Plus className="size-5" aria-hidden="true" />
            {isCreating ? t('common.creating') : t('reports.new')}
          </Button>
          {!online && <OfflineNote id="new-report-offline">{t('reports.newNeedsConnection')}</OfflineNote>}
        </div>
      </div>
      <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {projects ? projects.map((project) => <ProjectCard key={project.id} project={project} />) : [0, 1, 2].map((key) => <ProjectCardSkeleton key={key} />)}
      </ul>
    </section>
  );
}
