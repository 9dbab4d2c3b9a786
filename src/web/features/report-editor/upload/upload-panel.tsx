import { t } from '../../../lib/i18n/i18n';
import { photoTypeBadge } from '../../../lib/photo-type-label';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { ImagePlus, Upload, X } from 'lucide-react';
import type { PhotoType } from '@shared/contract/projects';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { toast } from '../../../lib/toast';
import { isImageFile } from './prepare-upload-image';
import { readExifCaptureDate } from './exif-date';
import { proposeBulkImport, type BulkItem } from './bulk-plan';
import { BulkImportReview, BulkProgress } from './bulk-import';

/**
 * Upload mode (spec §2): a chosen file is held as a pending photo until 'Save as BEFORE' or
 * 'Save as AFTER' (matching the selected type), or Cancel. Several files at once (or dropped on a
 * desktop) go to the bulk import: sorted by time, halves proposed as befores and afters, paired.
 * `onSaveMany` answers the queue ids of the photos it kept; `waitingIds` are those still to upload.
 */
export function UploadPanel({
  type,
  onSave,
  onSaveMany,
  waitingIds,
}: {
  type: PhotoType;
  onSave: (file: File) => Promise<boolean>;
  onSaveMany: (items: BulkItem<File>[]) => Promise<string[]>;
  waitingIds: ReadonlySet<string>;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ file: File; previewUrl: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const saveRef = useRef<HTMLButtonElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const hasPending = pending !== null;
  const hadPending = useRef(hasPending);

  // The button that was used leaves the screen (Choose Photo, then Save or Cancel): keyboard focus
  // goes to what takes its place, not back to the top of the page.
  useEffect(() => {
    if (hadPending.current === hasPending) return;
    hadPending.current = hasPending;
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (focusLost) (hasPending ? saveRef : chooseRef).current?.focus();
  }, [hasPending]);

  useEffect(() => {
    if (!pending) return;
    return () => URL.revokeObjectURL(pending.previewUrl);
  }, [pending]);

  const [bulk, setBulk] = useState<BulkItem<File>[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [batch, setBatch] = useState<string[] | null>(null);
  const [dragging, setDragging] = useState(false);

  const take = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    const images = chosen.filter(isImageFile);
    // spec §5: a file that is not an image is refused; with others, they go on without it.
    if (images.length < chosen.length) toast({ title: t('upload.invalidFile'), description: t('upload.selectImage'), variant: 'destructive' });
    if (images.length === 1 && chosen.length === 1) return setPending({ file: images[0]!, previewUrl: URL.createObjectURL(images[0]!) });
    if (images.length === 0) return;
    setPending(null);
    const dated = await Promise.all(images.map(async (file) => ({ file, capturedAt: await readExifCaptureDate(file) })));
    setBulk(proposeBulkImport(dated));
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = ''; // the same file can be chosen again
    void take(chosen);
  };

  const importAll = async () => {
    if (!bulk) return;
    setImporting(true);
    try {
      setBatch(await onSaveMany(bulk));
      setBulk(null);
    } finally {
      setImporting(false);
    }
  };

  const save = async () => {
    if (!pending) return;
    setSaving(true);
    try {
      // Not kept (the device's storage failed): the file stays chosen, to be saved again.
      if (await onSave(pending.file)) setPending(null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label={t('upload.chooseFile')}
        data-testid="photo-file-input"
        onChange={choose}
      />
      {bulk ? (
        <BulkImportReview items={bulk} onChange={setBulk} onImport={() => void importAll()} onCancel={() => setBulk(null)} importing={importing} />
      ) : pending ? (
        <div>
          <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-slate-100">
            <img src={pending.previewUrl} alt={t('upload.previewAlt')} className="size-full object-contain" />
            <span className="absolute top-3 left-3 rounded-full bg-slate-900/70 px-3 py-1 text-xs font-medium text-white">{t('upload.notSaved')}</span>
          </div>
          <p className="mt-2 truncate text-sm text-slate-600">{pending.file.name}</p>
          <div className="mt-3 grid grid-cols-[1fr_auto] gap-2">
            <Button ref={saveRef} size="lg" onClick={() => void save()} disabled={saving}>
              <Upload className="size-5" aria-hidden="true" />
              {saving ? t('common.saving') : t('upload.saveAs', { type: photoTypeBadge(type) })}
            </Button>
            <Button size="lg" variant="secondary" onClick={() => setPending(null)} disabled={saving}>
              <X className="size-5" aria-hidden="true" />
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <button
          ref={chooseRef}
          type="button"
          onClick={() => inputRef.current?.click()}
          // A desktop: photos dragged from a folder are taken like chosen ones.
          onDragOver={(event) => {
            if (!event.dataTransfer.types.includes('Files')) return;
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            void take([...event.dataTransfer.files]);
          }}
          data-testid="photo-drop-zone"
          className={cn(
            'flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 text-slate-600 hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700 sm:aspect-[16/7]',
            dragging && 'border-brand-500 bg-brand-50',
          )}
        >
          <ImagePlus className="size-10 text-brand-700" aria-hidden="true" />
          <span className="font-semibold text-slate-900">{t('upload.choose')}</span>
          <span className="text-sm">{t('upload.formats')}</span>
          <span className="text-sm">{t('bulk.chooseHint')}</span>
        </button>
      )}
      {batch && batch.length > 0 && <BulkProgress total={batch.length} remaining={batch.filter((id) => waitingIds.has(id)).length} />}
    </div>
  );
}
