// 'Export to PDF' on the open report (spec §2): disabled until the report has a pair.
import { t } from '../../lib/i18n/i18n';
import type { ReactNode } from 'react';
import { FileDown, Share2 } from 'lucide-react';
import type { User } from '@shared/contract/auth';
import type { Project } from '@shared/contract/projects';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useFocusWhenLost } from '../../components/ui/use-focus-when-lost';
import { FilenameDialog } from './filename-dialog';
import { useExportPdf } from './use-export-pdf';
import { useIsOnline } from '../../lib/online';

export interface BusinessNameDialogSlot {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (user: User) => void;
}

/** `businessNameDialog`: the 'Set Your Business Name' dialog, handed in by the page (spec §5). */
export function ExportPdfButton({ project, businessNameDialog }: { project: Project; businessNameDialog: (slot: BusinessNameDialogSlot) => ReactNode }) {
  const exporter = useExportPdf(project);
  const hasPairs = project.photoPairs.length > 0;
  // The dialogs hand focus back to this button, which is disabled while the PDF is built: it takes
  // focus once it is enabled again, so a keyboard user is where they were.
  const focusWhenLost = useFocusWhenLost();
  // Offline the button stays visible, disabled, and the report says why (report-editor.tsx).
  const online = useIsOnline();
  // Without a pair the button is disabled; a line under it says why, where a finger can see it
  // (a tooltip never shows on a touch screen).
  const needsPairNote = online && !hasPairs;
  return (
    <>
      <div className="flex shrink-0 flex-col gap-1">
        <Button
          id="export-pdf-button"
          onClick={exporter.startExport}
          disabled={!exporter.canExport || !online}
          aria-busy={exporter.isExporting}
          aria-describedby={online ? (needsPairNote ? 'export-needs-pair-note' : undefined) : 'report-offline-note'}
          title={online ? undefined : t('pdf.needsConnection')}
        >
          {exporter.isExporting ? (
            <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />
          ) : (
            <FileDown className="size-4" aria-hidden="true" />
          )}
          {exporter.isExporting ? t('pdf.exporting') : t('pdf.export')}
        </Button>
        {needsPairNote && (
          <p id="export-needs-pair-note" className="max-w-44 text-xs font-medium text-slate-600" data-testid="export-needs-pair-note">
            {t('pdf.needsPair')}
          </p>
        )}
      </div>
      {businessNameDialog({ open: exporter.isNameDialogOpen, onOpenChange: exporter.setNameDialogOpen, onSaved: exporter.onBusinessNameSaved })}
      <FilenameDialog
        defaultName={exporter.filenameRequest?.defaultName ?? null}
        onSave={(name) => {
          focusWhenLost('export-pdf-button');
          return exporter.exportAs(name);
        }}
        onCancel={exporter.cancelFilename}
      />
      <Dialog
        open={exporter.readyFile !== null}
        onOpenChange={(open) => !open && exporter.dismissReadyFile()}
        title={t('pdf.ready')}
        description={exporter.readyFile ? t('pdf.readyText', { name: exporter.readyFile.name }) : undefined}
      >
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button onClick={() => void exporter.shareReadyFile()} className="w-full sm:w-auto">
            <Share2 className="size-4" aria-hidden="true" /> {t('pdf.share')}
          </Button>
          <Button variant="secondary" onClick={exporter.downloadReadyFile} className="w-full sm:w-auto">
            <FileDown className="size-4" aria-hidden="true" /> {t('pdf.download')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
