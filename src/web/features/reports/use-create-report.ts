import { t, withScreenWords } from '../../lib/i18n/i18n';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useHasAccess } from '../../lib/access';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { useCreateProject, type NewReportTemplate } from './api/projects-api';
import { notifyFailure } from '../../lib/api-errors';
import { markReportJustCreated, NEW_REPORT_STATE } from '../../lib/new-report';

/**
 * spec §2: creating a report opens it immediately, with 'Report Created'. Without access (trial
 * over, no subscription) the button leads to the upgrade instead of a refusal. With no signal (or
 * when the request never got an answer) the report is made on this device and created on the
 * server by the outbox once the signal is back.
 */
export function useCreateReport() {
  const [, navigate] = useLocation();
  const hasAccess = useHasAccess();
  const userId = useCurrentUser().data?.id ?? null;
  const create = useCreateProject();
  const [keeping, setKeeping] = useState(false);

  const keepOnDevice = async (idempotencyKey: string, clientId?: number, template?: NewReportTemplate) => {
    if (userId === null) return;
    setKeeping(true);
    try {
      // The outbox (and the words it says) load with the first report made offline, not with the first screen.
      const { keepNewReport, TemplateNotKeptError } = await withScreenWords(() => import('../../lib/outbox/local-reports'))();
      try {
        const projectId = await keepNewReport(userId, idempotencyKey, clientId, template);
        toast({ title: t('report.created'), description: t('report.createdOffline') });
        // From a template, as online: on a phone it opens straight into the camera, in its first area.
        if (template) markReportJustCreated(projectId);
        navigate(`/?project=${projectId}`, { state: NEW_REPORT_STATE });
      } catch (error) {
        if (!(error instanceof TemplateNotKeptError)) throw error;
        toast({ title: t('report.createFailed'), description: t('newReport.templateNotKept'), variant: 'destructive' });
      }
    } catch (error) {
      notifyFailure(error, t('report.createFailed'));
    } finally {
      setKeeping(false);
    }
  };

  /**
   * `clientId`: a report for that client (offline too: the client was seen online). `template`: made
   * from a template (offline too: from the templates kept on the device, with its areas on screen
   * at once); without either, the spec's blank report.
   */
  const createReport = ({ clientId, template }: { clientId?: number; template?: NewReportTemplate } = {}) => {
    if (!hasAccess) return navigate('/subscribe');
    const idempotencyKey = crypto.randomUUID();
    if (!navigator.onLine) return void keepOnDevice(idempotencyKey, clientId, template);
    create.mutate(
      { idempotencyKey, ...(clientId === undefined ? {} : { clientId }), ...(template ? { template } : {}) },
      {
        onSuccess: (project) => {
          toast({ title: t('report.created'), description: t('report.createdText') });
          // On a phone the new report opens straight into the camera; the details can wait.
          markReportJustCreated(project.id);
          navigate(`/?project=${project.id}`, { state: NEW_REPORT_STATE });
        },
        // No answer at all (the signal dropped on the way): kept here with the same key, so if the
        // server did make it, the outbox's retry is answered with that report, not a second one.
        onError: (error) =>
          error instanceof ApiError ? notifyFailure(error, t('report.createFailed')) : void keepOnDevice(idempotencyKey, clientId, template),
      },
    );
  };
  return { createReport, isCreating: create.isPending || keeping };
}
