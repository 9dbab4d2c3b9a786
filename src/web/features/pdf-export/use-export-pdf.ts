// The Export to PDF flow (spec §2, §5, §8, §9): access first (nothing is asked of someone who
// cannot export), then the business name, then the filename in the app's own dialog, then the
// PDF is built in this browser and shared (phones) or downloaded.
import { useCallback, useState } from 'react';
import type { User } from '@shared/contract/auth';
import type { Project } from '@shared/contract/projects';
import { defaultReportFilename, toPdfFilename } from '@shared/report-filename';
import { fetchFreshStatus } from '../../lib/access';
import { notifyAccessBlocked } from '../../lib/api';
import { isHandledByClient } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth';
import { projectTitle } from '../../lib/project-labels';
import { toast, toastAfter } from '../../lib/toast';
import { currentLocale, t } from '../../lib/i18n/i18n';
import { deliverPdf, downloadPdf, sharePdf, toPdfFile, type DeliveryOutcome } from './deliver-pdf';

const exportFailed = () => toast({ title: t('pdf.failed'), description: t('pdf.failedText'), variant: 'destructive' });

export function useExportPdf(project: Project) {
  const { data: user } = useCurrentUser();
  const [isExporting, setExporting] = useState(false);
  const [isNameDialogOpen, setNameDialogOpen] = useState(false);
  /** The filename dialog's owner and default, while it is open. */
  const [filenameRequest, setFilenameRequest] = useState<{ owner: User; defaultName: string } | null>(null);
  /** A PDF waiting for a tap on "Share PDF" (the share sheet needs a fresh gesture). */
  const [readyFile, setReadyFile] = useState<File | null>(null);
  const shareTitle = t('pdf.documentTitle', { title: projectTitle(project) });

  const finish = useCallback((outcome: DeliveryOutcome, file: File, generatedToast?: number) => {
    if (outcome === 'needs-tap') return setReadyFile(file);
    setReadyFile(null);
    const complete = outcome === 'shared' ? t('pdf.shared') : outcome === 'downloaded' ? t('pdf.saved', { name: file.name }) : null;
    if (!complete) return;
    // spec gap 4: 'PDF Generated' stays long enough to be read before this replaces it.
    if (generatedToast === undefined) toast({ title: t('pdf.complete'), description: complete });
    else toastAfter(generatedToast, { title: t('pdf.complete'), description: complete });
  }, []);

  /** Opens the filename dialog with the spec's default (client name + 'Report' + date), 'Report' in the UI's language. */
  const askFilename = useCallback(
    (owner: User) => {
      // The PDF code and fonts start loading now, while the dialog is open.
      import('./generate-report-pdf').then((module) => module.prewarmPdfWorker()).catch(() => undefined);
      setFilenameRequest({ owner, defaultName: defaultReportFilename(project.clientName, new Date(), currentLocale(), owner.timeZone) });
    },
    [project.clientName],
  );

  const exportAs = useCallback(
    async (answer: string) => {
      if (!filenameRequest) return;
      const { owner, defaultName } = filenameRequest;
      setFilenameRequest(null);
      const filename = toPdfFilename(answer, defaultName);
      setExporting(true);
      try {
        const { generateReportPdf } = await import('./generate-report-pdf');
        const file = toPdfFile(await generateReportPdf(project.id, owner), filename);
        const generated = toast({ title: t('pdf.generated'), description: t('pdf.generatedText', { name: filename }) });
        finish(await deliverPdf(file, shareTitle), file, generated);
      } catch (error) {
        if (!isHandledByClient(error)) exportFailed();
      } finally {
        setExporting(false);
      }
    },
    [filenameRequest, project.id, shareTitle, finish],
  );

  /** Access first, then spec §5: without a business name the settings dialog opens first. */
  const startExport = useCallback(async () => {
    if (!user) return;
    setExporting(true);
    try {
      const status = await fetchFreshStatus();
      if (!status.hasAccess) return void (await notifyAccessBlocked());
    } catch (error) {
      if (!isHandledByClient(error)) exportFailed();
      return;
    } finally {
      setExporting(false);
    }
    if (!user.businessName?.trim()) setNameDialogOpen(true);
    else askFilename(user);
  }, [user, askFilename]);

  const onBusinessNameSaved = useCallback(
    (saved: User) => {
      setNameDialogOpen(false);
      askFilename(saved);
    },
    [askFilename],
  );

  const shareReadyFile = useCallback(async () => {
    if (!readyFile) return;
    try {
      const outcome = await sharePdf(readyFile, shareTitle);
      finish(outcome === 'needs-tap' ? downloadPdf(readyFile) : outcome, readyFile);
    } catch {
      exportFailed();
    }
  }, [readyFile, shareTitle, finish]);

  const downloadReadyFile = useCallback(() => {
    if (readyFile) finish(downloadPdf(readyFile), readyFile);
  }, [readyFile, finish]);

  return {
    canExport: project.photoPairs.length > 0 && !isExporting && !!user,
    isExporting,
    startExport: () => void startExport(),
    isNameDialogOpen,
    setNameDialogOpen,
    onBusinessNameSaved,
    filenameRequest,
    exportAs: (answer: string) => void exportAs(answer),
    cancelFilename: () => setFilenameRequest(null),
    readyFile,
    dismissReadyFile: () => setReadyFile(null),
    shareReadyFile,
    downloadReadyFile,
  };
}
