// Saving bytes the app has in hand (a PDF it built, a CSV or ZIP it fetched) as a download: the
// browser's own download through a temporary link, so a failure before it can still be shown.

/** Starts the browser's download of `blob` under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The file name the server gave in Content-Disposition, else `fallback`. */
export function filenameOf(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}
