// Signed-in home (spec §2): the list of reports, or the open report (/?project={id}).
import { lazy, Suspense } from 'react';
import { useSearch } from 'wouter';
import { Spinner } from '../components/ui/spinner';
import { AccessBanner } from '../features/subscription/access-banner';
import { ReportsList } from '../features/reports/reports-list';
import { parseProjectParam } from '../lib/project-param';
import { SignedInHeader } from './signed-in-header';
import { usePageTitle } from '../lib/page-title';
import { OfflineBanner } from '../components/offline-note';
import { useIsOnline } from '../lib/online';
import { t, withScreenWords } from '../lib/i18n/i18n';

// The open report (editor, camera, upload, pairing, export) is its own chunk: the list never waits for it.
const OpenReport = lazy(withScreenWords(() => import('./open-report')));

export default function HomePage() {
  const projectId = parseProjectParam(useSearch());
  // The open report names itself (with its client) in the report editor.
  usePageTitle(projectId === null ? 'home' : null);
  const online = useIsOnline();
  return (
    <div className="min-h-dvh">
      <SignedInHeader />
      <main className="mx-auto max-w-5xl px-4 py-4 sm:py-6">
        <AccessBanner />
        {!online && <OfflineBanner />}
        {projectId === null ? (
          <ReportsList />
        ) : (
          <Suspense
            fallback={
              <div className="flex justify-center py-16">
                <Spinner label={t('home.openingReport')} />
              </div>
            }
          >
            <OpenReport key={projectId} projectId={projectId} />
          </Suspense>
        )}
      </main>
    </div>
  );
}
