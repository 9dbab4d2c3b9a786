import { memo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { CalendarDays, ChevronRight, Images } from 'lucide-react';
import type { ProjectSummary } from '@shared/contract/projects';
import { formatCreatedDate, projectDescription, projectTitle } from '../../lib/project-labels';
import { t } from '../../lib/i18n/i18n';
import { useCurrentUser } from '../../lib/auth';

/**
 * One report in a list; the whole card opens it (/?project={id}). `action` (a delete on /projects) sits beside it in place of the chevron.
 * Memoized: as a long list scrolls, the cards that stay on screen are not rendered again (the
 * query cache keeps a report's object the same until it changes).
 */
export const ProjectCard = memo(function ProjectCard({ project, action }: { project: ProjectSummary; action?: ReactNode }) {
  const title = projectTitle(project);
  const crewLine = useCrewLine(project);
  return (
    <li
      className="relative flex min-w-0 items-stretch rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
      data-testid="project-card"
    >
      <Link
        href={`/?project=${project.id}`}
        className="flex min-h-20 min-w-0 flex-1 items-center gap-3 rounded-xl p-4 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <div className="min-w-0 flex-1">
          <h3 className={project.clientName.trim() ? 'truncate font-semibold text-slate-900' : 'truncate font-semibold text-slate-500'}>{title}</h3>
          <p className="mt-0.5 line-clamp-2 text-sm [overflow-wrap:anywhere] text-slate-600">{projectDescription(project)}</p>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
            <span className="inline-flex items-center gap-1">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              <time dateTime={project.createdAt}>{formatCreatedDate(project.createdAt)}</time>
            </span>
            <span className="inline-flex items-center gap-1">
              <Images className="size-3.5" aria-hidden="true" />
              {t('count.photos', { count: project.photoCount })} · {t('count.pairs', { count: project.pairCount })}
            </span>
            {crewLine && (
              <span className="font-medium text-slate-600" data-testid="card-crew">
                {crewLine}
              </span>
            )}
            {/* What the client answered on the link: an open issue first, as it asks for work. */}
            {project.openIssueCount > 0 ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900" data-testid="card-open-issues">
                {t('reports.openIssues', { count: project.openIssueCount })}
              </span>
            ) : (
              project.approvedAt && (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-900" data-testid="card-approved">
                  {t('reports.approved')}
                </span>
              )
            )}
          </p>
        </div>
        {!action && <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />}
      </Link>
      {action}
    </li>
  );
});

/**
 * Who made the job and whom it is for, in a crew: the maker when it is someone else (a business of
 * one sees nothing new), the assignee whenever there is one.
 */
function useCrewLine(project: ProjectSummary): string | null {
  const me = useCurrentUser().data?.id;
  const parts: string[] = [];
  if (project.createdBy && project.createdBy.id !== me && project.createdBy.name) parts.push(t('reports.createdBy', { name: project.createdBy.name }));
  if (project.assignee) parts.push(project.assignee.id === me ? t('reports.assignedToYou') : t('reports.assignedTo', { name: project.assignee.name }));
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function ProjectCardSkeleton() {
  return (
    <li className="h-24 animate-pulse rounded-xl border border-slate-200 bg-white p-4" aria-hidden="true">
      <div className="h-4 w-1/2 rounded bg-slate-200" />
      <div className="mt-2 h-3 w-3/4 rounded bg-slate-100" />
      <div className="mt-4 h-3 w-1/3 rounded bg-slate-100" />
    </li>
  );
}
