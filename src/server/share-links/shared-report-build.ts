// Where the client link page's own build (vite.shared-report.config.ts) leaves its files: a script
// entry whose file names (hashed) the server reads from the build's manifest to write the page.
import fs from 'node:fs/promises';
import path from 'node:path';

export const SHARED_REPORT_MANIFEST = 'shared-report.manifest.json';
/** The entry's key in the manifest: its path under the web root (src/web). */
const ENTRY = 'shared-report-main.tsx';

export interface PageAssets {
  script: string;
  styles: string[];
}

/** The page's script and stylesheets; null when the page is not built (API tests, or `npx vite build` alone). */
export async function readPageAssets(webRoot: string | undefined): Promise<PageAssets | null> {
  if (!webRoot) return null;
  let text: string;
  try {
    text = await fs.readFile(path.join(webRoot, SHARED_REPORT_MANIFEST), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const entry = (JSON.parse(text) as Record<string, { file: string; css?: string[] }>)[ENTRY];
  if (!entry) throw new Error(`${SHARED_REPORT_MANIFEST} has no entry ${ENTRY}`);
  return { script: `/${entry.file}`, styles: (entry.css ?? []).map((file) => `/${file}`) };
}
