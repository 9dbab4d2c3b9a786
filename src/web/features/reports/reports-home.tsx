// Signed-in home (spec §2): the list of reports, or the open report (/?project={id}).
import { lazy, Suspense } from 'react';
import { useSearch } from 'wouter';
import { AccessBanner } from '../subscription/access-banner';
import { Spinner } from '../../components/ui/spinner';
import { ReportsList } from './reports-list';
import { parseProjectParam } from './project-param';

// The editor (camera, upload, pairing) is its own chunk: the list never waits for it.
const ReportEditor = lazy(() => import('../report-editor/report-editor'));

export function ReportsHome() {
  const projectId = parseProjectParam(useSearch());

  return (
    <>
      <AccessBanner />
      {projectId === null ? (
        <ReportsList />
      ) : (
        <Suspense
          fallback={
            <div className="flex justify-center py-16">
              <Spinner label="Opening report" />
            </div>
          }
        >
          <ReportEditor key={projectId} projectId={projectId} />
        </Suspense>
      )}
    </>
  );
}
