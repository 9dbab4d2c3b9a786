import { t } from '../../../lib/i18n/i18n';
import { photoTypeBadge } from '../../../lib/photo-type-label';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { ImagePlus, Upload, X } from 'lucide-react';
import type { PhotoType } from '@shared/contract/projects';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { isImageFile } from './prepare-upload-image';

/**
 * Upload mode (spec §2): a chosen file is held as a pending photo until 'Save as BEFORE' or
 * 'Save as AFTER' (matching the selected type), or Cancel.
 */
export function UploadPanel({ type, onSave }: { type: PhotoType; onSave: (file: File) => Promise<boolean> }) {
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

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (!file) return;
    if (!isImageFile(file)) {
      toast({ title: t('upload.invalidFile'), description: t('upload.selectImage'), variant: 'destructive' });
      return;
    }
    setPending({ file, previewUrl: URL.createObjectURL(file) });
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
      <input ref={inputRef} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-label={t('upload.chooseFile')} data-testid="photo-file-input" onChange={choose} />
      {pending ? (
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
          className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 text-slate-600 hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700 sm:aspect-[16/7]"
        >
          <ImagePlus className="size-10 text-brand-700" aria-hidden="true" />
          <span className="font-semibold text-slate-900">{t('upload.choose')}</span>
          <span className="text-sm">{t('upload.formats')}</span>
        </button>
      )}
    </div>
  );
}
