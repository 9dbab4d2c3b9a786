// Builds the report PDF off the main thread, so the page never freezes while it is made.
// The fonts are fetched and parsed once per worker; the worker lives for the page session.
import { buildReportPdf, type ReportFonts, type ReportPdfInput } from '@pdf/report-layout';
import { loadReportFonts } from './report-fonts';

export interface BuildRequest {
  id: number;
  input: ReportPdfInput;
}
export type BuildResponse = { id: number; pdf: Uint8Array } | { id: number; error: string };

let fonts: Promise<ReportFonts> | undefined;

self.onmessage = async (event: MessageEvent<BuildRequest>) => {
  const { id, input } = event.data;
  try {
    fonts ??= loadReportFonts();
    const pdf = await buildReportPdf(input, await fonts);
    (self as unknown as Worker).postMessage({ id, pdf } satisfies BuildResponse, [pdf.buffer]);
  } catch (error) {
    fonts = undefined;
    (self as unknown as Worker).postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies BuildResponse);
  }
};
