// The report's Unicode font (DejaVu Sans, from the dejavu-fonts-ttf package) read from disk once
// per process; src/pdf/report-layout.ts takes the bytes, so the layout itself stays Node-free.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { ReportFonts } from '../../pdf/report-layout.js';

const require = createRequire(import.meta.url);
let loading: Promise<ReportFonts> | undefined;

export function loadReportFonts(): Promise<ReportFonts> {
  loading ??= Promise.all([
    fs.readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    fs.readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      loading = undefined; // let the next export try again
      throw error;
    },
  );
  return loading;
}
