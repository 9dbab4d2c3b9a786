import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Camera, Plus } from 'lucide-react';
import type { ProjectSummary } from '@shared/contract/projects';
import { Button } from '../../components/ui/button';
import { SearchBox, useSettledSearch } from '../../components/search-box';
import { foldForSearch, keptReports, useProjectPages, useReportsNotInPages } from './api/project-pages';
import { ProjectCard, ProjectCardSkeleton } from './project-card';
import { useCreateReport } from './use-create-report';
import { VirtualGrid } from './virtual-grid';
import { useIsOnline } from '../../lib/online';
import { t } from '../../lib/i18n/i18n';

/** The id the header's heading carries: the list's section is named by it. */
export const REPORTS_HEADING_ID = 'reports-heading';

interface ReportsListProps {
  /**
   * The heading row above the cards (its heading carries REPORTS_HEADING_ID; space below it is its own); given the
   * reports loaded so far once they are known, and whether more are still to load.
   */
  header: (projects: readonly ProjectSummary[] | undefined, hasMore: boolean) => ReactNode;
  /** Whether the header stays above a failed load and the empty state (/projects), rather than giving way to them (home). */
  headerAlways?: boolean;
  /** What shows instead of the cards when there are no reports. */
  empty: ReactNode;
  /** Beside each card (a delete on /projects); without it a card only opens its report. */
  cardAction?: (project: ProjectSummary) => ReactNode;
  /** The cards' grid, when not home's two columns (/projects has three on large screens). */
  gridClassName?: string;
  /** Columns of that grid from 0, 640 and 1024 px wide. */
  columns?: readonly [number, number, number];
}

/**
 * The reports list of home and /projects (spec §2): a search box, the cards newest first, 30 at a
 * time as the user scrolls, only those near the screen in the DOM (skeletons until they are known),
 * the empty state, or a failed load with Try Again. A failed refresh keeps what was shown (kept from
 * an earlier visit, or fetched before). Offline, a search looks through what this device keeps, and says so.
 */
export function ReportsList({
  header,
  headerAlways = false,
  empty,
  cardAction,
  gridClassName = 'mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2',
  columns = [1, 2, 2],
}: ReportsListProps) {
  const [typed, setTyped] = useState('');
  const search = useSettledSearch(typed);
  const isOnline = useIsOnline();
  const searchingKept = !isOnline && search !== '';
  const { data, dataUpdatedAt, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useProjectPages(
    searchingKept ? '' : search,
  );
  const paged = data?.pages.flat();
  const fresh = useReportsNotInPages(paged ?? [], dataUpdatedAt);
  const kept = searchingKept
    ? keptReports().filter((project) => foldForSearch(`${project.clientName} ${project.description}`).includes(foldForSearch(search)))
    : null;
  const projects = kept ?? (paged ? (search ? paged : [...fresh, ...paged]) : undefined);
  const hasMore = !kept && hasNextPage;
  const failed = isError && !projects;
  const none = projects?.length === 0 && search === '' && typed === '';

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const searchBox = (
    <SearchBox value={typed} onChange={setTyped} label={t('reports.search.label')} placeholder={t('reports.search.placeholder')} testId="reports-search" />
  );

  const body = failed ? (
    <div className="rounded-xl border border-slate-200 bg-white p-6 text-center">
      <p className="font-medium">{t('reports.loadFailed')}</p>
      <Button variant="secondary" className="mt-4" onClick={() => void refetch()}>
        {t('common.tryAgainButton')}
      </Button>
    </div>
  ) : none ? (
    empty
  ) : (
    <>
      {searchBox}
      <p role="status" className="mt-2 text-sm text-slate-600 empty:hidden">
        {kept
          ? t('reports.offlineSearch', { count: keptReports().length })
          : search && projects?.length === 0
            ? t('reports.search.none', { query: search })
            : ''}
      </p>
      {projects ? (
        <VirtualGrid
          items={projects}
          className={gridClassName}
          columns={columns}
          onNearEnd={loadMore}
          renderItem={(project) => <ProjectCard key={project.id} project={project} action={cardAction?.(project)} />}
        />
      ) : (
        <ul className={gridClassName}>
          {[0, 1, 2].map((key) => (
            <ProjectCardSkeleton key={key} />
          ))}
        </ul>
      )}
      {isFetchingNextPage && <p className="py-4 text-center text-sm text-slate-600">{t('reports.loadingMore')}</p>}
      {isFetchNextPageError && (
        <div className="py-4 text-center">
          <p className="text-sm text-slate-700">{t('reports.loadMoreFailed')}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void fetchNextPage()}>
            {t('common.tryAgainButton')}
          </Button>
        </div>
      )}
    </>
  );

  if (!headerAlways && (failed || none)) return body;
  return (
    <section aria-labelledby={REPORTS_HEADING_ID}>
      {header(projects, hasMore)}
      {body}
    </section>
  );
}

/** Home's list: 'Reports' with Manage and New Report, or the empty state offering 'Create First Report'. */
export function HomeReportsList() {
  const { createReport, isCreating } = useCreateReport();
  return (
    <ReportsList
      header={(projects) => (
        <div className="flex items-center justify-between gap-3">
          <div className="min-w-0">
            <h1 id={REPORTS_HEADING_ID} className="text-2xl font-bold">
              {t('reports.title')}
            </h1>
            <Link href="/projects" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
              {t('reports.manage')}
            </Link>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <Button onClick={() => createReport()} disabled={isCreating || !projects}>
              <Plus className="size-5" aria-hidden="true" />
              {isCreating ? t('common.creating') : t('reports.new')}
            </Button>
          </div>
        </div>
      )}
      empty={
        <section className="mx-auto mt-4 max-w-md rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:mt-10">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Camera className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-xl font-bold">{t('reports.empty.title')}</h1>
          <p className="mt-2 text-slate-600">{t('reports.empty.text')}</p>
          <Button size="lg" className="mt-6 w-full sm:w-auto" onClick={() => createReport()} disabled={isCreating}>
            <Plus className="size-5" aria-hidden="true" />
            {isCreating ? t('common.creating') : t('reports.createFirst')}
          </Button>
        </section>
      }
    />
  );
}
