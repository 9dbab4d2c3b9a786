// The bench page's worker: the same layout module, as the app's report-pdf.worker runs it.
import { buildReportPdf, type ReportFonts, type ReportPdfInput } from '../../src/pdf/report-layout';

self.onmessage = async (event: MessageEvent<{ input: ReportPdfInput; fonts: ReportFonts } | 'ping'>) => {
  if (event.data === 'ping') return (self as unknown as Worker).postMessage('pong');
  const pdf = await buildReportPdf(event.data.input, event.data.fonts);
  (self as unknown as Worker).postMessage(pdf, [pdf.buffer]);
};
