// The open report of the signed-in home (/?project={id}): the report editor, with the client link
// and the PDF export beside its title and the 'Set Your Business Name' dialog the
// export may need (spec §2, §5).
// Composed here so the features need not know each other; loaded on demand by home-page.tsx.
import ReportEditor from '../features/report-editor/report-editor';
import { ExportPdfButton } from '../features/pdf-export/export-pdf-button';
import { SetBusinessNameDialog } from '../features/account/set-business-name-dialog';
import { ShareLinkButton } from '../features/client-links/share-link-button';
import { SendReportButton } from '../features/send-report/send-report-button';

export default function OpenReport({ projectId }: { projectId: number }) {
  return (
    <ReportEditor
      projectId={projectId}
      actions={(project) => (
        <>
          <SendReportButton project={project} />
          <ShareLinkButton project={project} />
          <ExportPdfButton project={project} businessNameDialog={(slot) => <SetBusinessNameDialog {...slot} />} />
        </>
      )}
    />
  );
}
