import { Trash2 } from 'lucide-react';
import type { ProjectSummary } from '@shared/contract/projects';
import { projectTitle } from '../../lib/project-labels';
import { t } from '../../lib/i18n/i18n';

/** A report card's delete on /projects (its own module, so the home list's first load does not carry it). */
export function DeleteReportButton({ project, onDelete }: { project: ProjectSummary; onDelete: (project: ProjectSummary) => void }) {
  return (
    <button
      type="button"
      onClick={() => onDelete(project)}
      aria-label={t('reports.deleteNamed', { title: projectTitle(project) })}
      className="m-2 inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center self-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-red-600"
    >
      <Trash2 className="size-5" aria-hidden="true" />
    </button>
  );
}
