import { useLocation } from 'wouter';
import { toast } from '../../lib/toast';
import { useCreateProject } from './api/projects-api';
import { notifyProjectError } from './project-errors';

/** spec §2: creating a report opens it immediately, with 'Report Created'. */
export function useCreateReport() {
  const [, navigate] = useLocation();
  const create = useCreateProject();
  const createReport = () =>
    create.mutate(undefined, {
      onSuccess: (project) => {
        toast({ title: 'Report Created', description: 'Add a client name, then take your before photos.' });
        navigate(`/?project=${project.id}`);
      },
      onError: (error) => notifyProjectError(error, 'Failed to create report', '/auth'),
    });
  return { createReport, isCreating: create.isPending };
}
