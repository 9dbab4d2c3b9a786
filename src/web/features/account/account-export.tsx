// /account 'Export your data': GET /api/account/export read through a stream reader, so the
// page can show how much has arrived, against the size the server expects (Export-Size-Estimate)
// when it says; then saved under the server's name. The bytes are gathered into Blobs as they come,
// so a multi-gigabyte export does not sit in the page's own memory (the browser keeps large Blobs
// on disk).
import { useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api';
import { currentLocale, useT } from '../../lib/i18n/i18n';
import { notifyFailure } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { formatDataSize } from './data-size';
import { filenameOf, saveFile } from '../../lib/save-file';

interface Progress {
  received: number;
  /** About how many bytes the whole export is; null when the server did not say. */
  estimate: number | null;
}

type ExportState = { phase: 'idle' } | ({ phase: 'downloading' } & Progress);

/** The server names the file (its date); this is the name when it does not. */
const FALLBACK_FILENAME = 'cleanproof-export.zip';
/** The screen follows the download this often at most (a chunk arrives every few milliseconds). */
const REFRESH_MS = 250;
/** Bytes gathered into one Blob at a time. */
const BLOB_PART_BYTES = 8 * 1024 * 1024;
/** Without an estimate, a screen reader hears how much has arrived every this many bytes. */
const ANNOUNCE_EVERY_BYTES = 100 * 1024 * 1024;

/** How far along, from 0 to 99 until the end (the estimate is only about). */
function percentOf({ received, estimate }: Progress): number | null {
  if (!estimate) return null;
  return Math.min(99, Math.floor((received / estimate) * 100));
}

/** What a screen reader is told now and then: the start, each quarter, or every 100 MB. */
function milestoneOf(progress: Progress): number {
  const percent = percentOf(progress);
  return percent === null ? Math.floor(progress.received / ANNOUNCE_EVERY_BYTES) : Math.floor(percent / 25);
}

export function AccountExport() {
  const t = useT();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const [announcement, setAnnouncement] = useState('');
  const abort = useRef<AbortController | null>(null);

  const download = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'downloading', received: 0, estimate: null });
    setAnnouncement(t('export.announceStart'));
    try {
      const response = await api.exportAccount(undefined, { signal: controller.signal });
      if (!response.body) throw new Error('The export has no body');
      const estimate = Number(response.headers.get('export-size-estimate')) || null;
      const reader = response.body.getReader();
      const parts: Blob[] = [];
      let chunks: Uint8Array<ArrayBuffer>[] = [];
      let chunkBytes = 0;
      let received = 0;
      let shownAt = 0;
      let milestone = 0;
      const show = () => {
        const progress = { received, estimate };
        setState({ phase: 'downloading', ...progress });
        if (milestoneOf(progress) > milestone) {
          milestone = milestoneOf(progress);
          const percent = percentOf(progress);
          setAnnouncement(
            percent === null
              ? t('export.announceSize', { size: formatDataSize(received, currentLocale()) })
              : t('export.announcePercent', { percent: new Intl.NumberFormat(currentLocale(), { style: 'percent' }).format(percent / 100) }),
          );
        }
      };
      show();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        chunkBytes += value.byteLength;
        received += value.byteLength;
        if (chunkBytes >= BLOB_PART_BYTES) {
          parts.push(new Blob(chunks));
          chunks = [];
          chunkBytes = 0;
        }
        if (performance.now() - shownAt >= REFRESH_MS) {
          shownAt = performance.now();
          show();
        }
      }
      parts.push(new Blob(chunks));
      const filename = filenameOf(response, FALLBACK_FILENAME);
      saveFile(new Blob(parts, { type: 'application/zip' }), filename);
      toast({ title: t('export.done'), description: t('export.doneText', { size: formatDataSize(received, currentLocale()), filename }) });
    } catch (error) {
      if (!controller.signal.aborted) notifyFailure(error, t('export.failed'));
    } finally {
      abort.current = null;
      setState({ phase: 'idle' });
      setAnnouncement('');
    }
  };

  return (
    <div className="space-y-3">
      <p id="export-hint" className="text-sm text-slate-600">
        {t('export.hint')}
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {state.phase === 'downloading' ? (
        <ExportProgress progress={state} onCancel={() => abort.current?.abort()} />
      ) : (
        <Button variant="secondary" className="w-full sm:w-auto" aria-describedby="export-hint" onClick={() => void download()}>
          <Download className="size-4" aria-hidden="true" /> {t('export.button')}
        </Button>
      )}
    </div>
  );
}

/** A line and a bar: what has arrived, of about how much (a moving bar while that is unknown). */
function ExportProgress({ progress, onCancel }: { progress: Progress; onCancel: () => void }) {
  const t = useT();
  const locale = currentLocale();
  const percent = percentOf(progress);
  const size = formatDataSize(progress.received, locale);
  const text =
    progress.estimate === null
      ? t('export.progress', { size })
      : t('export.progressOf', { size, total: formatDataSize(Math.max(progress.estimate, progress.received), locale) });
  return (
    <div className="space-y-2" data-testid="export-progress">
      {/* The bar carries the same words for a screen reader (aria-valuetext). */}
      <p className="text-sm font-medium text-slate-900 tabular-nums" aria-hidden="true">
        {text}
      </p>
      <div
        role="progressbar"
        aria-label={t('export.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        {percent === null ? (
          <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600" />
        ) : (
          <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.max(2, percent)}%` }} />
        )}
      </div>
      <Button variant="secondary" className="w-full sm:w-auto" onClick={onCancel}>
        {t('export.cancel')}
      </Button>
    </div>
  );
}
