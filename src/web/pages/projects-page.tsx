import { lazy, Suspense, useState } from 'react';
import { Plus } from 'lucide-react';
import type { ProjectSummary } from '@shared/contract/projects';
import { SignedInHeader } from './signed-in-header';
import { Button } from '../components/ui/button';
import { AccessBanner } from '../features/subscription/access-banner';
import { DeleteProjectDialog } from '../features/reports/delete-project-dialog';
import { DeleteReportButton } from '../features/reports/delete-report-button';
import { useMayCall } from '../lib/roles';
import { REPORTS_HEADING_ID, ReportsList } from '../features/reports/reports-list';
import { t } from '../lib/i18n/i18n';
import { useCreateReport } from '../features/reports/use-create-report';
import { usePageTitle } from '../lib/page-title';
import { OfflinePill } from '../components/offline-note';

// New Report from a template: its own chunk, loaded when asked for.
const TemplatePicker = lazy(() => import('../features/reports/template-picker'));

/** /projects (spec §2): 'Reports', Create New Report, the count, a delete per card, open via /?project={id}. */
export default function ProjectsPage() {
  const { createReport, isCreating } = useCreateReport();
  const [toDelete, setToDelete] = useState<ProjectSummary | null>(null);
  const [picking, setPicking] = useState(false);
  usePageTitle('reports');
  const mayDelete = useMayCall('deleteProject');

  return (
    <div className="min-h-dvh">
      <SignedInHeader />
      <main className="mx-auto max-w-5xl px-4 py-4 sm:py-6">
        <AccessBanner />
        <OfflinePill />
        <ReportsList
          headerAlways
          gridClassName="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
          columns={[1, 2, 3]}
          cardAction={mayDelete ? (project) => <DeleteReportButton project={project} onDelete={setToDelete} /> : undefined}
          header={(projects, hasMore) => (
            <div className="flex flex-wrap items-end justify-between gap-3 pb-4">
              <div>
                <h1 id={REPORTS_HEADING_ID} className="text-2xl font-bold">
                  {t('projects.title')}
                </h1>
                <p className="text-sm text-slate-600" data-testid="project-count">
                  {projects ? `${t('count.reports', { count: projects.length })}${hasMore ? '+' : ''}` : '\u00a0'}
                </p>
              </div>
              <div className="flex flex-wrap items-end justify-end gap-2">
                <Button variant="secondary" aria-expanded={picking} onClick={() => setPicking(!picking)}>
                  {t('newReport.fromTemplate')}
                </Button>
                <Button onClick={() => createReport()} disabled={isCreating}>
                  <Plus className="size-5" aria-hidden="true" />
                  {isCreating ? t('common.creating') : t('projects.create')}
                </Button>
              </div>
              {picking && (
                <div className="basis-full">
                  <Suspense fallback={null}>
                    <TemplatePicker onCreate={(template, clientId) => createReport({ template, clientId })} isCreating={isCreating} />
                  </Suspense>
                </div>
              )}
            </div>
          )}
          empty={<p className="mt-2 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t('projects.empty')}</p>}
        />
      </main>
      <DeleteProjectDialog project={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
