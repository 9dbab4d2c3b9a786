// The Export to PDF flow (spec §2, §5, §8, §9): business name first, then the filename prompt,
// then the PDF is built in this browser and shared (phones) or downloaded.
import { useCallback, useState } from 'react';
import type { User } from '@shared/contract/auth';
import type { SubscriptionStatus } from '@shared/contract/billing';
import type { Project } from '@shared/contract/projects';
import { defaultReportFilename, toPdfFilename } from '@shared/report-filename';
import { apiGet, isUnauthorized } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { handleUnauthorized } from '../../lib/unauthorized';
import { deliverPdf, downloadPdf, sharePdf, toPdfFile, type DeliveryOutcome } from './deliver-pdf';

export const FILENAME_PROMPT = 'Save the PDF report as:';

export function useExportPdf(project: Project) {
  const { data: user } = useCurrentUser();
  const [isExporting, setExporting] = useState(false);
  const [isNameDialogOpen, setNameDialogOpen] = useState(false);
  /** A PDF waiting for a tap on "Share PDF" (the share sheet needs a fresh gesture). */
  const [readyFile, setReadyFile] = useState<File | null>(null);
  const shareTitle = `${project.clientName.trim() || 'Untitled Report'} - Before & After Report`;

  const finish = useCallback((outcome: DeliveryOutcome, file: File) => {
    if (outcome === 'needs-tap') return setReadyFile(file);
    setReadyFile(null);
    if (outcome === 'shared') toast({ title: 'Export Complete', description: 'Your report was shared.' });
    if (outcome === 'downloaded') toast({ title: 'Export Complete', description: `Saved as ${file.name}` });
  }, []);

  const run = useCallback(
    async (owner: User) => {
      // The PDF code and fonts load only now (not with the page), and while the prompt is open.
      const generator = import('./generate-report-pdf');
      generator.then((module) => module.prewarmPdfWorker()).catch(() => undefined);
      const fallback = defaultReportFilename(project.clientName, new Date());
      const answer = window.prompt(FILENAME_PROMPT, fallback);
      if (answer === null) return; // the user cancelled
      const filename = toPdfFilename(answer, fallback);
      setExporting(true);
      try {
        const status = await apiGet<SubscriptionStatus>('/api/subscription-status');
        if (!status.hasAccess) {
          toast({ title: 'Upgrade to Pro', description: 'Your free trial has ended. Upgrade to Pro to export PDF reports.', variant: 'destructive' });
          return;
        }
        const { generateReportPdf } = await generator;
        const file = toPdfFile(await generateReportPdf(project.id, owner), filename);
        toast({ title: 'PDF Generated', description: `${filename} is ready.` });
        finish(await deliverPdf(file, shareTitle), file);
      } catch (error) {
        if (isUnauthorized(error)) handleUnauthorized();
        else toast({ title: 'Export Failed', description: 'Failed to generate PDF report', variant: 'destructive' });
      } finally {
        setExporting(false);
      }
    },
    [project.id, project.clientName, shareTitle, finish],
  );

  /** spec §5: without a business name the settings dialog opens; the export goes on once saved. */
  const startExport = useCallback(() => {
    if (!user) return;
    if (!user.businessName?.trim()) setNameDialogOpen(true);
    else void run(user);
  }, [user, run]);

  const onBusinessNameSaved = useCallback(
    (saved: User) => {
      setNameDialogOpen(false);
      void run(saved);
    },
    [run],
  );

  const shareReadyFile = useCallback(async () => {
    if (!readyFile) return;
    try {
      const outcome = await sharePdf(readyFile, shareTitle);
      finish(outcome === 'needs-tap' ? downloadPdf(readyFile) : outcome, readyFile);
    } catch {
      toast({ title: 'Export Failed', description: 'Failed to generate PDF report', variant: 'destructive' });
    }
  }, [readyFile, shareTitle, finish]);

  const downloadReadyFile = useCallback(() => {
    if (readyFile) finish(downloadPdf(readyFile), readyFile);
  }, [readyFile, finish]);

  return {
    canExport: project.photoPairs.length > 0 && !isExporting && !!user,
    isExporting,
    startExport,
    isNameDialogOpen,
    setNameDialogOpen,
    onBusinessNameSaved,
    readyFile,
    dismissReadyFile: () => setReadyFile(null),
    shareReadyFile,
    downloadReadyFile,
  };
}
