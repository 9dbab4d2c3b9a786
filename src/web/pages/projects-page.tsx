import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { ProjectSummary } from '@shared/contract/projects';
import { SignedInHeader } from './signed-in-header';
import { Button } from '../components/ui/button';
import { AccessBanner } from '../features/subscription/access-banner';
import { useProjects } from '../features/reports/api/projects-api';
import { DeleteProjectDialog } from '../features/reports/delete-project-dialog';
import { ProjectCard, ProjectCardSkeleton } from '../features/reports/project-card';
import { t } from '../lib/i18n/i18n';
import { useCreateReport } from '../features/reports/use-create-report';
import { usePageTitle } from '../lib/page-title';
import { OfflineBanner, OfflineNote } from '../components/offline-note';
import { useIsOnline } from '../lib/online';

/** /projects (spec §2): 'Reports', Create New Report, the count, a delete per card, open via /?project={id}. */
export default function ProjectsPage() {
  const { data: projects, isError, refetch } = useProjects();
  const { createReport, isCreating } = useCreateReport();
  const [toDelete, setToDelete] = useState<ProjectSummary | null>(null);
  usePageTitle('reports');
  const online = useIsOnline();

  return (
    <div className="min-h-dvh">
      <SignedInHeader />
      <main className="mx-auto max-w-5xl px-4 py-4 sm:py-6">
        <AccessBanner />
        {!online && <OfflineBanner />}
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">{t('projects.title')}</h1>
            <p className="text-sm text-slate-600" data-testid="project-count">
              {projects ? t('count.reports', { count: projects.length }) : '\u00a0'}
            </p>
          </div>
          <div className="flex flex-col items-end gap-1">
            <Button onClick={createReport} disabled={isCreating || !online} aria-describedby={online ? undefined : 'create-report-offline'}>
              <Plus className="size-5" aria-hidden="true" />
              {isCreating ? t('common.creating') : t('projects.create')}
            </Button>
            {!online && <OfflineNote id="create-report-offline">{t('offline.needsConnection')}</OfflineNote>}
          </div>
        </div>

        {isError && !projects ? (
          <div className="mt-4 rounded-xl border border-slate-200 bg-white p-6 text-center">
            <p className="font-medium">{t('reports.loadFailed')}</p>
            <Button variant="secondary" className="mt-4" onClick={() => void refetch()}>
              {t('common.tryAgainButton')}
            </Button>
          </div>
        ) : projects?.length === 0 ? (
          <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t('projects.empty')}</p>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {projects ? projects.map((project) => <ProjectCard key={project.id} project={project} onDelete={setToDelete} />) : [0, 1, 2].map((key) => <ProjectCardSkeleton key={key} />)}
          </ul>
        )}
      </main>
      <DeleteProjectDialog project={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
