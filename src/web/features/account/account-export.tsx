// /account 'Export your data': GET /api/account/export read through a stream reader, so the
// page can say how much has arrived while the ZIP downloads; then saved under the server's name.
import { useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api';
import { currentLocale, useT } from '../../lib/i18n/i18n';
import { notifyFailure } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { formatDataSize } from './data-size';
import { filenameOf, saveFile } from '../../lib/save-file';

type ExportState = { phase: 'idle' } | { phase: 'downloading'; received: number };

/** The server names the file (its date); this is the name when it does not. */
const FALLBACK_FILENAME = 'cleanproof-export.zip';

export function AccountExport() {
  const t = useT();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const download = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'downloading', received: 0 });
    try {
      const response = await api.exportAccount(undefined, { signal: controller.signal });
      if (!response.body) throw new Error('The export has no body');
      const reader = response.body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        setState({ phase: 'downloading', received });
      }
      const filename = filenameOf(response, FALLBACK_FILENAME);
      saveFile(new Blob(chunks, { type: 'application/zip' }), filename);
      toast({ title: t('export.done'), description: t('export.doneText', { size: formatDataSize(received, currentLocale()), filename }) });
    } catch (error) {
      if (!controller.signal.aborted) notifyFailure(error, t('export.failed'));
    } finally {
      abort.current = null;
      setState({ phase: 'idle' });
    }
  };

  return (
    <div className="space-y-3">
      <p id="export-hint" className="text-sm text-slate-600">
        {t('export.hint')}
      </p>
      {state.phase === 'downloading' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" aria-live="polite" className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-900">
            <span className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700" aria-hidden="true" />
            {t('export.progress', { size: formatDataSize(state.received, currentLocale()) })}
          </p>
          <Button variant="secondary" onClick={() => abort.current?.abort()}>
            {t('export.cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" className="w-full sm:w-auto" aria-describedby="export-hint" onClick={() => void download()}>
          <Download className="size-4" aria-hidden="true" /> {t('export.button')}
        </Button>
      )}
    </div>
  );
}
