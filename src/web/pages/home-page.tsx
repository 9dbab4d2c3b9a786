// Signed-in home (spec §2): the list of reports, or the open report (/?project={id}).
import { lazy, Suspense } from 'react';
import { useSearch } from 'wouter';
import { Spinner } from '../components/ui/spinner';
import { AccessBanner } from '../features/subscription/access-banner';
import { parseProjectParam } from '../lib/project-param';
import { firstIdOf } from '../lib/outbox/moved-reports';
import { SignedInHeader } from './signed-in-header';
import { usePageTitle } from '../lib/page-title';
import { OfflinePill } from '../components/offline-note';
import { t, withScreenWords } from '../lib/i18n/i18n';
import { lastSeenSignedIn } from '../lib/service-worker';
import { ProjectCardSkeleton } from '../features/reports/project-card';

// The reports list (search, paging, the virtual grid) is its own chunk, keeping the first load
// within budget; a phone signed in last time starts fetching it at once, beside the user lookup.
const loadReportsList = () => import('../features/reports/reports-list');
if (lastSeenSignedIn()) void loadReportsList();
const HomeReportsList = lazy(() => loadReportsList().then((module) => ({ default: module.HomeReportsList })));

// The open report (editor, camera, upload, pairing, export) is its own chunk: the list never waits for it.
const OpenReport = lazy(withScreenWords(() => import('./open-report')));

export default function HomePage() {
  const projectId = parseProjectParam(useSearch());
  // The open report names itself (with its client) in the report editor.
  usePageTitle(projectId === null ? 'home' : null);
  return (
    <div className="min-h-dvh">
      <SignedInHeader />
      <main className="mx-auto max-w-5xl px-4 py-4 sm:py-6">
        <AccessBanner />
        <OfflinePill />
        {projectId === null ? (
          <Suspense fallback={<ListSkeleton />}>
            <HomeReportsList />
          </Suspense>
        ) : (
          <Suspense
            fallback={
              <div className="flex justify-center py-16">
                <Spinner label={t('home.openingReport')} />
              </div>
            }
          >
            {/* Keyed by the id it was opened with: a report made offline keeps its screen when it moves to its server id. */}
            <OpenReport key={firstIdOf(projectId)} projectId={projectId} />
          </Suspense>
        )}
      </main>
    </div>
  );
}

/** The shape of the list while its code arrives: no jump when it does. */
function ListSkeleton() {
  return (
    <ul className="mt-16 grid grid-cols-1 gap-3 sm:grid-cols-2" aria-busy="true">
      {[0, 1, 2].map((key) => (
        <ProjectCardSkeleton key={key} />
      ))}
    </ul>
  );
}
