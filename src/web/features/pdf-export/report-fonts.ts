// The report font (DejaVu Sans from the dejavu-fonts-ttf package) as hashed build assets, fetched
// only when a PDF is made and then cached by the browser.
import regularFontUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import boldFontUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import type { ReportFonts } from '@pdf/report-layout';

async function fetchFont(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} failed: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function loadReportFonts(): Promise<ReportFonts> {
  const [regular, bold] = await Promise.all([fetchFont(regularFontUrl), fetchFont(boldFontUrl)]);
  return { regular, bold };
}
