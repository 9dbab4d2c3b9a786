import { AppHeader } from '../components/app-header';
import { ReportsHome } from '../features/reports/reports-home';

/** Signed-in home (spec §2): the list of reports, or the open report (/?project={id}). */
export default function HomePage() {
  return (
    <div className="min-h-dvh">
      <AppHeader />
      <main className="mx-auto max-w-5xl px-4 py-4 sm:py-6">
        <ReportsHome />
      </main>
    </div>
  );
}
