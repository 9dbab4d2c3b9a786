// The top of a shared report: the business (logo and name), the client, the date, the
// description and "Download PDF".
import { Download } from 'lucide-react';
import type { SharedReport } from '@shared/contract/share-links';
import { TEXT } from './text';
import { buttonClassName } from '../../components/ui/button-class';
import { formatReportCreated } from './text';

export function BusinessBanner({ report }: { report: SharedReport }) {
  return (
    <div className="flex min-h-12 items-center gap-3">
      {/* A fixed 3:2 box, like the PDF's logo box: the name beside it does not move when it loads. */}
      {report.businessLogoUrl && (
        <img
          src={report.businessLogoUrl}
          alt={TEXT.logoAlt(report.businessName)}
          width={72}
          height={48}
          className="h-12 w-18 shrink-0 object-contain object-left"
        />
      )}
      {report.businessName && <p className="text-lg font-bold text-slate-900">{report.businessName}</p>}
    </div>
  );
}

export function ReportHeading({ report }: { report: SharedReport }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{TEXT.eyebrow}</p>
        <h1 className="mt-1 text-2xl font-bold break-words sm:text-3xl">{report.clientName.trim() || TEXT.untitledReport}</h1>
        <p className="mt-1 text-sm text-slate-600">
          <time dateTime={report.createdAt}>{TEXT.reportDate(formatReportCreated(report.createdAt))}</time>
        </p>
        {report.description.trim() && <p className="mt-3 max-w-prose whitespace-pre-line text-slate-700">{report.description}</p>}
      </div>
      <a href={report.pdfUrl} download className={buttonClassName({ className: 'shrink-0 self-start sm:self-auto' })}>
        <Download className="size-4" aria-hidden="true" /> {TEXT.downloadPdf}
      </a>
    </div>
  );
}
