// The business logo shown at the top of PDF reports: upload, preview, remove.
// Rendered inside the Business Settings dialog.
import { t } from '../../lib/i18n/i18n';
import { useId, useRef, useState } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import type { User } from '@shared/contract/auth';
import { LOGO_UPLOAD_CONTENT_TYPES } from '@shared/images';
import { api } from '../../lib/api';
import { describeError, isHandledByClient } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth';
import { USER_QUERY_KEY } from '../../lib/query-keys';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';

const LOGO_TYPES: readonly string[] = LOGO_UPLOAD_CONTENT_TYPES;

export function BusinessLogoField() {
  const { data: user } = useCurrentUser();
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  if (!user) return null;
  const logoUrl = user.businessLogoUrl;

  const run = async (kind: 'upload' | 'remove', call: () => Promise<User>, success: string, failure: string) => {
    setBusy(kind);
    try {
      queryClient.setQueryData(USER_QUERY_KEY, await call());
      toast({ title: success });
    } catch (error) {
      if (isHandledByClient(error)) return;
      toast({ title: failure, description: describeError(error, t('common.tryAgain')), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const onFileChosen = (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = ''; // choosing the same file again still fires
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) {
      toast({ title: t('logo.invalidFile'), description: t('logo.chooseImage'), variant: 'destructive' });
      return;
    }
    void run('upload', () => api.uploadLogo({ body: file }), t('logo.updated'), t('logo.uploadFailed'));
  };

  return (
    <div role="group" aria-labelledby={labelId} className="space-y-2">
      <div>
        <p id={labelId} className="text-sm font-medium text-slate-900">
          {t('logo.label')}
        </p>
        <p className="text-xs text-slate-500">{t('logo.hint')}</p>
      </div>
      <div className="flex items-center gap-3">
        <div className="flex h-16 w-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50">
          {busy === 'upload' ? (
            <Spinner label={t('logo.uploading')} />
          ) : logoUrl ? (
            <img src={logoUrl} alt={t('logo.alt')} className="max-h-14 max-w-22 object-contain" />
          ) : (
            <span className="px-1 text-center text-[11px] leading-tight text-slate-600">{t('logo.none')}</span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => inputRef.current?.click()} disabled={busy !== null}>
            <ImagePlus className="size-4" aria-hidden="true" /> {logoUrl ? t('logo.replace') : t('logo.upload')}
          </Button>
          {logoUrl && (
            <Button
              variant="ghost"
              onClick={() => void run('remove', () => api.deleteLogo(), t('logo.removed'), t('logo.removeFailed'))}
              disabled={busy !== null}
              aria-label={t('logo.removeLabel')}
            >
              <Trash2 className="size-4" aria-hidden="true" /> {t('logo.remove')}
            </Button>
          )}
        </div>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/png,image/jpeg"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('logo.file')}
        onChange={(event) => onFileChosen(event.target.files?.[0])}
      />
    </div>
  );
}
