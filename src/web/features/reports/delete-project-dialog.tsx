import type { ProjectSummary } from '@shared/contract/projects';
import { Dialog } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';
import { useDeleteProject } from './api/projects-api';
import { notifyFailure } from '../../lib/api-errors';
import { projectTitle } from '../../lib/project-labels';

/** spec §5: deleting a report asks for confirmation that it cannot be undone. */
export function DeleteProjectDialog({ project, onClose }: { project: ProjectSummary | null; onClose: () => void }) {
  const deleteProject = useDeleteProject();
  const confirm = () => {
    if (!project) return;
    deleteProject.mutate(project.id, {
      onSuccess: () => {
        toast({ title: 'Project Deleted', description: 'The report and its photos were permanently deleted.' });
        onClose();
      },
      onError: (error) => notifyFailure(error, 'Failed to delete project'),
    });
  };
  return (
    <Dialog
      open={project !== null}
      onOpenChange={(open) => !open && !deleteProject.isPending && onClose()}
      title="Delete this report?"
      description={project ? `"${projectTitle(project)}" and all of its photos and pairs will be permanently deleted. This cannot be undone.` : undefined}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={deleteProject.isPending}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={confirm} disabled={deleteProject.isPending}>
          {deleteProject.isPending ? 'Deleting...' : 'Delete Report'}
        </Button>
      </div>
    </Dialog>
  );
}
