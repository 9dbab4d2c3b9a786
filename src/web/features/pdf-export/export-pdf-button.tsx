import type { Project } from '@shared/contract/projects';

// Placeholder until issue 4: 'Export to PDF', disabled until the report has a pair.
export function ExportPdfButton({ project }: { project: Project }) {
  return (
    <button type="button" disabled className="min-h-11 rounded-lg bg-slate-300 px-4 text-sm font-medium text-slate-500">
      Export to PDF {project.photoPairs.length === 0 ? '' : ''}
    </button>
  );
}
