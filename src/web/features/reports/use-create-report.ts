import { t } from '../../lib/i18n/i18n';
import { useLocation } from 'wouter';
import { useHasAccess } from '../../lib/access';
import { toast } from '../../lib/toast';
import { useCreateProject } from './api/projects-api';
import { notifyFailure } from '../../lib/api-errors';

/**
 * spec §2: creating a report opens it immediately, with 'Report Created'. Without access (trial
 * over, no subscription) the button leads to the upgrade instead of a refusal.
 */
export function useCreateReport() {
  const [, navigate] = useLocation();
  const hasAccess = useHasAccess();
  const create = useCreateProject();
  const createReport = () => {
    if (!hasAccess) return navigate('/subscribe');
    create.mutate(undefined, {
      onSuccess: (project) => {
        toast({ title: t('report.created'), description: t('report.createdText') });
        navigate(`/?project=${project.id}`);
      },
      onError: (error) => notifyFailure(error, t('report.createFailed')),
    });
  };
  return { createReport, isCreating: create.isPending };
}
