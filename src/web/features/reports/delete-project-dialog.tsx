import type { ProjectSummary } from '@shared/contract/projects';
import { Dialog } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';
import { useDeleteProject } from './api/projects-api';
import { notifyFailure } from '../../lib/api-errors';
import { projectTitle } from '../../lib/project-labels';
import { t } from '../../lib/i18n/i18n';

/** spec §5: deleting a report asks for confirmation that it cannot be undone. */
export function DeleteProjectDialog({ project, onClose }: { project: ProjectSummary | null; onClose: () => void }) {
  const deleteProject = useDeleteProject();
  const confirm = () => {
    if (!project) return;
    deleteProject.mutate(project.id, {
      onSuccess: () => {
        toast({ title: t('reports.deleted.title'), description: t('reports.deleted.text') });
        onClose();
      },
      onError: (error) => notifyFailure(error, t('reports.deleteFailed')),
    });
  };
  return (
    <Dialog
      open={project !== null}
      onOpenChange={(open) => !open && !deleteProject.isPending && onClose()}
      title={t('reports.delete.title')}
      description={project ? t('reports.delete.text', { title: projectTitle(project) }) : undefined}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={deleteProject.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="destructive" onClick={confirm} disabled={deleteProject.isPending}>
          {deleteProject.isPending ? t('common.deleting') : t('reports.delete.submit')}
        </Button>
      </div>
    </Dialog>
  );
}
