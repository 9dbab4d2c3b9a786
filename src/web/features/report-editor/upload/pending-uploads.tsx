import { useEffect, useMemo } from 'react';
import { CloudOff, RefreshCw } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import type { QueuedUploadView } from './upload-queue';
import { uploadQueue } from './use-upload-queue';

/** Photos taken but not on the server yet: shown as waiting, never lost. */
export function PendingUploads({ uploads }: { uploads: QueuedUploadView[] }) {
  if (uploads.length === 0) return null;
  const waiting = uploads.some((upload) => upload.status === 'waiting');
  return (
    <section aria-label="Photos waiting to upload" className="mt-4 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200" data-testid="pending-uploads">
      <div className="flex items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
          {waiting ? <CloudOff className="size-4" aria-hidden="true" /> : <Spinner label="Uploading" />}
          {waiting ? `${uploads.length} waiting to upload` : `Uploading ${uploads.length}...`}
        </p>
        {waiting && (
          <button type="button" onClick={() => uploadQueue.retryNow()} className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 text-sm font-medium text-amber-900 hover:bg-amber-100">
            <RefreshCw className="size-4" aria-hidden="true" /> Retry now
          </button>
        )}
      </div>
      {waiting && <p className="text-xs text-amber-800">Kept on this device. They upload by themselves when the connection is back.</p>}
      <ul className="mt-2 flex gap-2 overflow-x-auto">
        {uploads.map((upload) => (
          <PendingThumbnail key={upload.id} upload={upload} />
        ))}
      </ul>
    </section>
  );
}

function PendingThumbnail({ upload }: { upload: QueuedUploadView }) {
  const url = useMemo(() => URL.createObjectURL(new Blob([upload.bytes], { type: upload.mimeType })), [upload.bytes, upload.mimeType]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <li className="relative w-24 shrink-0">
      <img src={url} alt={`${upload.type.toUpperCase()} photo waiting to upload`} className="aspect-[4/3] w-full rounded-lg object-cover opacity-80" />
      <span className="absolute bottom-1 left-1 rounded bg-slate-900/70 px-1.5 text-[10px] font-bold text-white">{upload.type.toUpperCase()}</span>
    </li>
  );
}
